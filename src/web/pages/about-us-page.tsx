import { Link } from 'react-router';
import { signUpLabel, useAppFlags } from '../app/app-flags';
import { ButtonLink } from '../components/ui/button';
import { LegalDocument, type LegalSection } from '../features/legal/legal-document';

const PRINCIPLES = [
  {
    title: 'Explainable',
    text: 'Every proposed duplicate comes with its reasons, field by field: which values agreed, which differed, and how much each one counted. If you cannot see why two records were matched, we have not done our job.',
  },
  {
    title: 'Safe with your data',
    text: 'Nothing changes in HubSpot until you say so, or until you switch on automatic cleanup. Every merge keeps a backup. Tokens and keys are encrypted at rest, passwords are hashed, and we never sell data or use your CRM records to train AI models.',
  },
  {
    title: 'Yours to take with you',
    text: 'You can download everything we store about your account, or delete it, yourself, at any time, from the GDPR page. No email thread, no waiting.',
  },
  {
    title: 'Plain language',
    text: 'Health scores come with the formulas behind them, settings say what they do, and our policies are written to be read.',
  },
];

function Principles() {
  return (
    <ul className="mt-6 grid gap-4 sm:grid-cols-2">
      {PRINCIPLES.map((principle) => (
        <li key={principle.title} className="rounded-2xl border border-slate-200 p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">{principle.title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{principle.text}</p>
        </li>
      ))}
    </ul>
  );
}

function NextSteps() {
  const flags = useAppFlags();
  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <ButtonLink to="/demo">Open the demo</ButtonLink>
      <ButtonLink to="/auth?tab=register" variant="secondary">
        {signUpLabel(flags, 'Start Free Trial')}
      </ButtonLink>
    </div>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          DataCleaner is a small team of engineers and former revenue-operations people. We have spent years inside CRMs: importing trade-show
          lists, untangling three records for the same customer, explaining to a sales team why a report did not add up. Most of that work is
          spreadsheet work, and most of it can be done better by software that shows its reasoning.
        </p>
        <p>
          We build for the people who look after a HubSpot portal: CRM administrators, marketers and sales-operations teams, often one person
          doing all three.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-do',
    title: 'What DataCleaner does',
    content: (
      <>
        <p>DataCleaner connects to your HubSpot portal and keeps its contacts, companies, deals and tickets in good shape:</p>
        <ul>
          <li>
            <strong>Finds duplicates</strong> with a matching engine that compares names, emails, phone numbers, domains and addresses the way a
            careful person would, tolerant of typos, nicknames and formatting, and learns what a match looks like in your portal.
          </li>
          <li>
            <strong>Scores the health of your data</strong>: completeness, freshness, duplicate rate and update frequency, combined into one score
            you can follow over time.
          </li>
          <li>
            <strong>Recommends fixes and merges safely</strong>, by hand or automatically on paid plans, with a backup of every merge.
          </li>
          <li>
            <strong>Keeps watch</strong> with scheduled scans, email and Slack notifications, and an API for your own tools.
          </li>
        </ul>
        <p>
          Curious how the matching works? Our article on <Link to="/blog/how-explainable-duplicate-detection-works">explainable duplicate detection</Link>{' '}
          walks through it step by step.
        </p>
      </>
    ),
  },
  {
    id: 'principles',
    title: 'What we hold to',
    content: <Principles />,
  },
  {
    id: 'try-it',
    title: 'See it for yourself',
    content: (
      <>
        <p>
          The demo runs on sample data and needs no account. When you are ready, the free trial lasts 14 days and works on your own portal. If
          you have a question, the <Link to="/support">Support</Link> page is the way to reach us.
        </p>
        <NextSteps />
      </>
    ),
  },
];

/** /about-us: who we are, what DataCleaner does, and the principles behind it. */
export function AboutUsPage() {
  return (
    <LegalDocument
      title="About Us"
      intro={
        <p>
          DataCleaner helps CRM administrators, marketers and sales-operations teams keep HubSpot data clean, complete and free of duplicates, and
          shows its reasoning every step of the way.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
