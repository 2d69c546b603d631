import { Link } from 'react-router';
import { GdprActions } from '../features/legal/gdpr-actions';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'your-data-your-controls',
    title: 'Download or delete your data',
    content: (
      <>
        <p>
          The two requests people make most often need no email to us and no waiting: you can make them yourself, here, at any time, whatever your
          plan or the state of your trial.
        </p>
        <GdprActions />
      </>
    ),
  },
  {
    id: 'who-is-responsible',
    title: 'Who is responsible for your data',
    content: (
      <>
        <p>
          For your <strong>account</strong> (your email address, name, settings, billing details and how you use DataCleaner), DataCleaner is the
          controller: we decide why and how that data is processed, and the rights below are rights against us.
        </p>
        <p>
          For the <strong>CRM records</strong> we copy from your HubSpot portal (the contacts, companies, deals and tickets we scan), your
          organisation is the controller and DataCleaner is its processor: we handle those records only to provide the service, on your
          instructions. If you are a person whose details are in one of our customers’ CRMs, please direct your request to that organisation; we
          will help them answer it.
        </p>
        <p>
          The <Link to="/privacy-policy">Privacy Policy</Link> lists what we collect, why, on which legal basis, who helps us process it and how long
          we keep it.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <>
        <p>The General Data Protection Regulation (GDPR), and the UK GDPR, give you these rights over your personal data:</p>
        <ul>
          <li>
            <strong>Access</strong> (Article 15): to know whether we process your data, and to get a copy of it with an explanation of how we use it.
          </li>
          <li>
            <strong>Rectification</strong> (Article 16): to have inaccurate data corrected and incomplete data completed. You can change your
            profile and settings in the app yourself.
          </li>
          <li>
            <strong>Erasure</strong> (Article 17): to have your data deleted when we no longer need it, when you withdraw consent, or when you object
            and we have no overriding reason to keep it.
          </li>
          <li>
            <strong>Restriction</strong> (Article 18): to have us keep your data but stop using it while a question about its accuracy or our use of
            it is settled.
          </li>
          <li>
            <strong>Portability</strong> (Article 20): to receive the data you gave us in a structured, machine-readable format (our export is
            JSON) and to have it sent to another provider where that is technically feasible.
          </li>
          <li>
            <strong>Objection</strong> (Article 21): to object to processing based on our legitimate interests, and always to direct marketing.
          </li>
          <li>
            <strong>Withdrawing consent</strong> (Article 7): where we rely on your consent, to withdraw it at any time, as easily as you gave it.
            Withdrawal does not affect what was done before.
          </li>
          <li>
            <strong>No solely automated decisions</strong> (Article 22): DataCleaner does not make decisions about you that have legal or similarly
            significant effects by automated means alone. Duplicate proposals are suggestions about CRM records that you review, or that you chose
            to merge automatically.
          </li>
          <li>
            <strong>Complaint</strong> (Article 77): to complain to a data protection supervisory authority, in particular in the country where you
            live or work, or where you think an infringement happened. We would be glad to hear from you first.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-to-exercise-them',
    title: 'How to exercise them',
    content: (
      <>
        <ol>
          <li>
            <strong>Yourself, in the product.</strong> Download a copy of your data or delete your account with the buttons above. Change your
            profile, notification and integration settings in the app. Disconnect HubSpot, Slack or an OpenAI key in Settings at any time.
          </li>
          <li>
            <strong>By asking us.</strong> For anything else (restriction, objection, a question about a specific processing, or a request you
            cannot make yourself), contact us through the <Link to="/support">Support</Link> page and say which right you want to exercise. Please
            write from the email address of your account, so we can link the request to it.
          </li>
        </ol>
        <p>
          We answer within one month of receiving your request. If a request is complex, or we receive many, we may extend that by up to two more
          months; we will tell you within the first month and explain why. Exercising your rights is free. We may refuse, or charge a reasonable
          fee for, requests that are manifestly unfounded or excessive, and we will explain our reasons if we do.
        </p>
      </>
    ),
  },
  {
    id: 'identity',
    title: 'How we confirm it is you',
    content: (
      <p>
        We act only on requests we can link to your account, so that nobody else can read or delete your data. In the product, being signed in
        does that, and deleting the account also asks for your password (or, for accounts that sign in with Google only, your email address). For
        requests made by message we may ask you to confirm from your account’s email address, or for a detail only the account holder would know.
        We never ask for your password by email.
      </p>
    ),
  },
  {
    id: 'what-deletion-means',
    title: 'What deleting your account does',
    content: (
      <>
        <ul>
          <li>
            Your account, settings, HubSpot and Slack connections, stored CRM copies, scan history, duplicate groups, merge history and backups, API
            keys and usage logs, and all your sign-in sessions are deleted from our database at once. You are signed out on every device.
          </li>
          <li>
            Records in your HubSpot portal are <strong>not</strong> changed: deleting DataCleaner data never deletes CRM data. Our access ends with the
            account; to tidy up on HubSpot’s side too, uninstall the DataCleaner app, or delete the private-app token you gave us, in HubSpot’s
            settings.
          </li>
          <li>
            A paid subscription should be cancelled first; deleting the account does not refund the current period. Invoices and payment records
            that tax law requires us to keep are kept by our payment provider, and by us for the period the law sets, and used for nothing else.
          </li>
          <li>Copies in our encrypted backups disappear as those backups expire on their regular rotation; they are never restored for use.</li>
        </ul>
        <p>Deletion cannot be undone. If you may want your history later, download your data first.</p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Questions',
    content: (
      <p>
        If something here is unclear, or you think we have not handled your data as we should, please tell us through the{' '}
        <Link to="/support">Support</Link> page. See also our <Link to="/privacy-policy">Privacy Policy</Link> and{' '}
        <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>
    ),
  },
];

/** /gdpr: data-subject rights, how to use them, and the self-service export and deletion. */
export function GdprPage() {
  return (
    <LegalDocument
      title="GDPR"
      intro={<p>Your rights under the GDPR and how to use them: access, export and deletion of your data, most of them in a click from this page.</p>}
      sections={SECTIONS}
    />
  );
}
