import { Link } from 'react-router';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document';

const SECTIONS: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    content: (
      <>
        <p>
          This policy explains how DataCleaner (“we”, “us”) handles personal data when you visit our website, try the demo, create an account and
          use the service, including its API. It applies to data about you as a visitor or customer, for which we are the controller.
        </p>
        <p>
          It also describes how we treat the CRM records you ask us to analyse. For those, your organisation is the controller and we act as its
          processor, only on its instructions (see <a href="#crm-data">section 3</a>).
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <p>We collect only what we need to run the service:</p>
        <ul>
          <li>
            <strong>Account details:</strong> your email address and password (stored only as a salted argon2id hash, never in readable form), and
            the profile you complete: full name, country of residence and contact phone number. If you sign in with Google, we receive your Google
            account id, name, email address and profile picture from Google.
          </li>
          <li>
            <strong>Settings and connections:</strong> the objects you choose to analyse, scan schedule, matching preferences, notification choices
            and the email address or Slack channel for them. Access tokens for HubSpot and Slack, and an OpenAI API key if you give one, are
            encrypted at rest (AES-256-GCM).
          </li>
          <li>
            <strong>Results of your scans:</strong> health scores, duplicate groups with their explanations, and a history of the actions taken,
            such as merges and their backups.
          </li>
          <li>
            <strong>Technical and security data:</strong> for each sign-in session, when it started and was last used, the browser’s user agent and
            the IP address; for each API call, the endpoint, method, status, response time, sizes, user agent, IP address and time. We use these to
            keep accounts secure, enforce limits and investigate problems.
          </li>
          <li>
            <strong>Billing details:</strong> your plan, trial dates, and the customer and subscription references of our payment provider, Stripe.
            Card numbers go straight to Stripe; we never see or store them.
          </li>
          <li>
            <strong>Messages:</strong> what you send us when you ask for support, and a record of the service emails we send you.
          </li>
        </ul>
        <p>
          We do not use advertising or analytics trackers, and we do not buy data about you from anyone. The demo works without an account and
          stores nothing about you.
        </p>
      </>
    ),
  },
  {
    id: 'crm-data',
    title: 'The CRM data you connect',
    content: (
      <>
        <p>
          When you connect a HubSpot portal, we copy the properties of its contacts, companies, deals and tickets that the analysis needs, and keep
          that copy in step with later scans. These records often contain personal data about your customers and prospects. We use them only to
          detect duplicates, compute health scores, make recommendations and carry out the merges and clean-ups you ask for.
        </p>
        <p>
          We never sell CRM data, never use it for our own marketing, never combine it with other customers’ data, and never use it to train AI
          models. The copy of your records is deleted when you disconnect HubSpot; scan results and duplicate groups, which quote the records
          they concern, stay in your account until you delete it.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use your data, and our legal bases',
    content: (
      <>
        <p>Under the GDPR we need a legal basis for each use. Ours are:</p>
        <ul>
          <li>
            <strong>To provide the service you signed up for</strong> (performance of a contract): creating and securing your account, running
            scans, showing results, sending the notifications you chose, processing payments and answering support requests.
          </li>
          <li>
            <strong>To keep the service secure and working</strong> (our legitimate interests): rate limits, detecting abuse, fixing errors and
            measuring performance. We keep this proportionate and use the least data we can.
          </li>
          <li>
            <strong>To send service messages</strong> (contract and legitimate interests): email verification, password resets, and important
            changes to the service or these terms. These are not marketing and are limited to what is necessary.
          </li>
          <li>
            <strong>To meet legal obligations</strong>: keeping invoices and payment records as tax law requires, and answering lawful requests from
            authorities.
          </li>
          <li>
            <strong>With your consent</strong>, where we ask for it, for example before sending product news. You can withdraw consent at any time.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'ai-features',
    title: 'AI features',
    content: (
      <p>
        The AI assistant is off by default. If you switch it on and provide your own OpenAI API key, the questions you ask and the summaries of your
        scan results needed to answer them are sent to OpenAI under your key and subject to OpenAI’s terms for API data. We do not send your data
        to any AI provider unless you turn this on, and you can turn it off, or remove the key, in Settings at any time.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We share personal data only with service providers that help us run DataCleaner, under contracts that bind them to protect it:</p>
        <ul>
          <li>our hosting and database providers, who store and run the service;</li>
          <li>our email delivery provider, for verification, password-reset and notification emails;</li>
          <li>Stripe, for payments and invoices;</li>
          <li>Google, only if you choose to sign in with Google;</li>
          <li>HubSpot, Slack and OpenAI, only when you connect them, and only to do what you asked (read and update your CRM, post notifications, answer assistant questions).</li>
        </ul>
        <p>
          We may disclose data when the law requires it, or to protect the rights, safety or property of our users or of DataCleaner. If DataCleaner
          is reorganised or acquired, your data may pass to the successor, who will remain bound by this policy; we will tell you beforehand. We
          never sell personal data.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    content: (
      <p>
        Some of our providers process data outside the European Economic Area and the United Kingdom. Where they do, we rely on an adequacy
        decision or on the European Commission’s Standard Contractual Clauses (with the UK addendum), together with the additional safeguards
        those providers offer, such as encryption.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>Account, settings, connections and scan results: for as long as your account exists.</li>
        <li>Sign-in sessions: until you sign out, or 30 days after their last use.</li>
        <li>Browsers you signed in on: a year after their last sign-in. Counts of failed sign-ins, kept without the address or IP they concern: a day at most.</li>
        <li>Copies of CRM records: until you disconnect HubSpot or delete your account.</li>
        <li>
          When you delete your account, everything above is deleted from our database at once. Copies in encrypted backups disappear as those
          backups expire on their regular rotation.
        </li>
        <li>Invoices and payment records: for the period tax and accounting law requires.</li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        Connections to DataCleaner are encrypted in transit. Passwords are hashed with argon2id, session and emailed tokens are stored only as
        hashes, and third-party tokens and keys are encrypted at rest. Session cookies are HttpOnly and SameSite, so scripts and other sites cannot
        use them. Access to production systems is limited to the people who need it. No system is perfectly secure; if a breach affecting your
        data occurs, we will notify you and the authorities as the law requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    content: (
      <p>
        You can access, correct, export and delete your data, restrict or object to its use, and complain to a supervisory authority. Exporting and
        deleting take one click on our <Link to="/gdpr">GDPR page</Link>, which also explains every right and how to exercise it.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <p>
        We use only the cookies and browser storage the service needs to work: no advertising or tracking cookies. Our{' '}
        <Link to="/cookie-policy">Cookie Policy</Link> lists each one.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: <p>DataCleaner is a business service and is not meant for anyone under 16. We do not knowingly collect data about children.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the date at the top. If a change is significant, we will tell account holders by email before it
        takes effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        For any question about this policy or your data, reach us through the <Link to="/support">Support</Link> page, writing from your account’s
        email address if you have one.
      </p>
    ),
  },
];

/** /privacy-policy */
export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          We look after data for a living, so we try to handle yours the way we would want ours handled: collect little, explain everything, and
          make it easy for you to take it with you or have it deleted.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
