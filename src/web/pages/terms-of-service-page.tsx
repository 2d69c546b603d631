import { Link } from 'react-router';
import { DEFAULT_API_DAILY_LIMIT, DEFAULT_API_MONTHLY_LIMIT, TRIAL_DAYS } from '../../shared/defaults';
import { PLANS } from '../../shared/plans';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document';

/** The plans as the catalog has them, so the terms never quote a stale price. */
function planSummary(): string {
  return PLANS.map((plan) => `${plan.name} ($${plan.pricePerMonth} a month, ${plan.recordLimit === null ? 'unlimited records' : `${plan.recordLimit.toLocaleString('en-US')} records`})`).join(', ');
}

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    content: (
      <>
        <p>
          These terms govern your use of DataCleaner: the website, the demo, the web application and the API (together, “the service”). By
          creating an account or using the service you agree to them. If you use DataCleaner for an organisation, you confirm that you may accept
          these terms on its behalf, and “you” includes that organisation.
        </p>
        <p>
          Our <Link to="/privacy-policy">Privacy Policy</Link> and <Link to="/cookie-policy">Cookie Policy</Link> explain how we handle personal
          data and form part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'the-service',
    title: 'What the service does',
    content: (
      <p>
        DataCleaner connects to a HubSpot CRM portal you authorise, copies the records it needs, and finds duplicates, scores data health, makes
        recommendations and, at your instruction, merges or updates records in HubSpot. The features available depend on your plan. The demo
        under /demo runs on sample data and may change or be reset at any time.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>You must be at least 18, and give accurate details, including a working email address, which we verify.</li>
        <li>
          Keep your password and API keys secret. You are responsible for what happens under your account; tell us at once through the{' '}
          <Link to="/support">Support</Link> page if you suspect misuse.
        </li>
        <li>One account is for one person. Teams should not share a sign-in.</li>
      </ul>
    ),
  },
  {
    id: 'trial-plans-billing',
    title: 'Free trial, plans and billing',
    content: (
      <>
        <p>
          New accounts get a free trial of {TRIAL_DAYS} days with the features of a paid plan. No card is needed to start. When the trial ends
          without a paid plan, the app asks you to choose one before you can continue; your data stays in place meanwhile.
        </p>
        <p>
          Our plans are {planSummary()}. Current prices and features are shown on our <a href="/#pricing">pricing section</a> and when you
          subscribe. Subscriptions are billed monthly in advance through our payment provider, Stripe, and renew automatically until cancelled.
          Prices exclude taxes, which are added where the law requires.
        </p>
        <ul>
          <li>You can cancel at any time; the plan then stays active until the end of the period already paid, and is not refunded pro rata.</li>
          <li>Upgrades take effect at once; downgrades take effect at the next renewal.</li>
          <li>
            We may change prices with at least 30 days’ notice by email. A new price applies from your next renewal after the notice period, and
            you may cancel before it does.
          </li>
          <li>If a payment fails and is not put right after our reminders, we may move the account to the free plan or suspend it.</li>
        </ul>
        <p>Nothing in these terms limits rights you have as a consumer that the law does not allow to be limited.</p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your data',
    content: (
      <>
        <p>
          You keep all rights to the data you bring: your account details and the CRM records we process for you. You give us permission to host,
          copy and process that data only as needed to provide the service, to keep it secure, and as the law requires.
        </p>
        <p>
          You are responsible for having the right to process the CRM data you connect, and for your own obligations to the people in it. For that
          data we act as your processor, as described in the Privacy Policy; organisations that need a signed data processing agreement can
          request one through the <Link to="/support">Support</Link> page.
        </p>
        <p>
          You can export your data or delete your account at any time from the <Link to="/gdpr">GDPR page</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'changes-to-your-crm',
    title: 'Changes made to your CRM',
    content: (
      <>
        <p>
          Duplicate groups, scores and recommendations are proposals. DataCleaner changes records in HubSpot only when you ask it to, by merging or
          cleaning up by hand, or by switching on automatic cleanup on a plan that includes it, within the sensitivity and rules you set.
        </p>
        <p>
          Matching is statistical and no method is perfect: review proposals, especially at a high sensitivity, before acting on them. We keep a
          backup of every merge we perform so its records can be looked up later, but HubSpot itself cannot undo a merge. You
          remain responsible for the changes you instruct, and for keeping any further backups your organisation needs.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You agree not to:</p>
        <ul>
          <li>connect a CRM or data you are not authorised to use, or use the service to process data unlawfully;</li>
          <li>probe, scan or test the vulnerability of the service, or bypass its authentication, limits or security, except in a coordinated disclosure agreed with us;</li>
          <li>overload the service, or access it by automated means other than the documented API;</li>
          <li>resell or sublicense the service, or use it to build a competing product;</li>
          <li>upload malicious code, or use the service to send spam or harass anyone.</li>
        </ul>
        <p>We may suspend access that breaks these rules or endangers the service or other users, and will tell you why unless the law prevents it.</p>
      </>
    ),
  },
  {
    id: 'api',
    title: 'The API',
    content: (
      <p>
        Plans with API access include a key that is shown once and that you must keep secret. Calls count towards a quota, by default{' '}
        {DEFAULT_API_DAILY_LIMIT.toLocaleString('en-US')} a day and {DEFAULT_API_MONTHLY_LIMIT.toLocaleString('en-US')} a month;
        calls beyond it are refused until the quota resets. You can revoke and replace your key at any time. We may change the API, and will
        announce changes that break existing integrations in advance whenever we can.
      </p>
    ),
  },
  {
    id: 'ai-and-third-parties',
    title: 'AI features and other services',
    content: (
      <>
        <p>
          AI-assisted recommendations and the assistant can be wrong or incomplete; treat them as suggestions and check them before you act. The
          assistant uses your own OpenAI key, and OpenAI’s terms apply to that use.
        </p>
        <p>
          The service works with HubSpot, Google, Slack, Stripe and OpenAI. Their services are governed by their own terms, and we are not
          responsible for their availability or for changes they make that affect DataCleaner.
        </p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    content: (
      <p>
        We work to keep DataCleaner available and fast, but do not promise uninterrupted service: maintenance, upgrades and events outside our
        control can interrupt it. We improve the service continuously and may change or retire features; if we remove a major feature of a paid
        plan, we will tell you in advance, and you may cancel.
      </p>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Our intellectual property',
    content: (
      <p>
        The service, its software, design and content belong to DataCleaner and its licensors. These terms give you a personal, non-exclusive,
        non-transferable right to use the service during your subscription or trial; they transfer no other rights. If you send us feedback, we
        may use it without obligation to you.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Ending the agreement',
    content: (
      <p>
        You may stop using the service and delete your account at any time from the <Link to="/gdpr">GDPR page</Link>. We may end or suspend
        your account for a serious or repeated breach of these terms, or with 30 days’ notice for any other reason, in which case we refund any
        prepaid period that remains. Sections that by their nature should survive, such as those on liability, survive the end of the agreement.
      </p>
    ),
  },
  {
    id: 'disclaimers-and-liability',
    title: 'Disclaimers and liability',
    content: (
      <>
        <p>
          Apart from what these terms expressly promise, the service is provided “as is”, to the extent the law allows, without other warranties,
          such as fitness for a particular purpose.
        </p>
        <p>
          To the extent the law allows, neither party is liable to the other for indirect or consequential loss, or for lost profits, revenue or
          data that good backups would have prevented, and our total liability arising from these terms in any 12 months is limited to the fees
          you paid us in those 12 months. Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud,
          or for anything else that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'changes-to-terms',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms; the date at the top shows the latest version. We will give account holders at least 30 days’ notice by email
        of changes that reduce their rights. Continuing to use the service after a change takes effect means you accept it; if you do not, you may
        cancel and delete your account before then.
      </p>
    ),
  },
  {
    id: 'law-and-contact',
    title: 'Governing law and contact',
    content: (
      <p>
        These terms are governed by the law of the country in which DataCleaner is established, and its courts have jurisdiction, without
        depriving consumers of the protection of the mandatory law and courts of the country where they live. Questions about these terms are
        welcome through the <Link to="/support">Support</Link> page.
      </p>
    ),
  },
];

/** /terms-of-service */
export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={<p>The rules for using DataCleaner, in plain language: what we provide, what we ask of you, and what happens when things change.</p>}
      sections={SECTIONS}
    />
  );
}
