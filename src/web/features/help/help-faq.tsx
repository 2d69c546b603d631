import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HEALTH_CHANGE_THRESHOLD } from '../../../shared/contracts/notifications';
import { PLANS } from '../../../shared/plans';
import { formatCount } from '../dashboard/format-numbers';

interface Question {
  id: string;
  question: string;
  answer: ReactNode;
}

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

const RECORD_LIMITS = PLANS.map((plan) => `${plan.name} ${plan.recordLimit === null ? 'has no limit' : `${formatCount(plan.recordLimit)}`}`).join(', ');

function questions(basePath: string): Question[] {
  const to = (path: string, text: string) => (
    <Link to={`${basePath}${path}`} className={linkClass}>
      {text}
    </Link>
  );
  return [
    {
      id: 'changes-hubspot',
      question: 'Does DataCleaner change anything in HubSpot?',
      answer: <>Scans only read. Records in HubSpot change only when you merge a group of duplicates, or when you turn on automatic cleanup (Professional plan).</>,
    },
    {
      id: 'undo-merge',
      question: 'Can a merge be undone?',
      answer: (
        <>
          No: merges cannot be undone in HubSpot. DataCleaner keeps a backup of every merged record, and merged records can be restored as new records from their backups. A restored record gets a
          new id, and its activities and associations stay with the record it was merged into.
        </>
      ),
    },
    {
      id: 'how-often',
      question: 'How often are scans run?',
      answer: (
        <>
          Weekly by default. In {to('/settings#scanning', 'Settings, Objects and scanning')} you can choose manual, daily (Professional plan), weekly or monthly, and which object types are
          scanned. You can always start a scan with Scan now on the dashboard.
        </>
      ),
    },
    {
      id: 'fewer-records',
      question: 'Why were fewer records scanned than my portal has?',
      answer: (
        <>
          Three limits can apply: the sampling rate of the object type, the maximum records per object type (both in {to('/settings#scanning', 'Settings')}), and your plan&apos;s record limit (
          {RECORD_LIMITS}). The dashboard says on each card when a scan was sampled or capped.
        </>
      ),
    },
    {
      id: 'notifications',
      question: 'When does DataCleaner email me or post to Slack?',
      answer: (
        <>
          After every scan, as you chose in {to('/settings#email', 'Settings')}: when a scan finished, when it found duplicate groups that were not waiting for you before, and when an object
          type&apos;s health score moved by {HEALTH_CHANGE_THRESHOLD} points or more since its previous scan. A scan that fails is always told of, with the reason. Emails come one per scan, or as a daily or weekly digest at 8:00 in your time zone; the
          weekly health report comes on Mondays at 8:00 (every paid plan). Slack messages are part of the Professional plan. Every email has an unsubscribe link, and{' '}
          {to('/settings#notification-history', 'Settings, Notification history')} lists everything sent, with the reason when something could not be delivered.
        </>
      ),
    },
    {
      id: 'score-dropped',
      question: 'My health score went down, but nobody changed anything. Why?',
      answer: <>Freshness and update frequency depend on time: as records age without being touched, both go down. Updating records, or archiving the ones nobody uses, brings them back up.</>,
    },
    {
      id: 'wrong-pair',
      question: 'Two records are proposed as duplicates, but they are not. What can I do?',
      answer: (
        <>
          Open the group in {to('/duplicates', 'Duplicates')} to see what each field added to the match, then mark it as not duplicates: that pair is never proposed again. If it happens often, lower
          the sensitivity or raise the fuzzy matching threshold in {to('/settings#duplicates', 'Settings')}.
        </>
      ),
    },
    {
      id: 'secrets',
      question: 'Where are my HubSpot token, Slack token and OpenAI key kept?',
      answer: <>Encrypted in our database (AES-256-GCM). They are never shown again, not even to you: Settings only says whether each one is set. You can replace or remove them at any time.</>,
    },
    {
      id: 'disconnect',
      question: 'What happens when I disconnect HubSpot?',
      answer: <>DataCleaner forgets the access token and its copy of your records. Your scan history, reports and duplicate groups stay, and you can connect again at any time.</>,
    },
    {
      id: 'export',
      question: 'How do I share a report?',
      answer: <>In {to('/reports', 'Reports')}, choose the object type and period, then Export CSV for a spreadsheet, or Print report for a clean page (or a PDF from the print dialog).</>,
    },
    {
      id: 'demo',
      question: 'What is the demo?',
      answer: <>A sample portal with made-up records, open to everyone under /demo. Everything works as in your own account, but nothing you change there is stored.</>,
    },
  ];
}

/** Help, FAQ: native disclosure widgets, so every answer opens with the keyboard and prints when open. */
export function HelpFaq({ basePath }: { basePath: string }) {
  return (
    <div className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {questions(basePath).map((item) => (
        <details key={item.id} id={`faq-${item.id}`} className="group px-5 py-1">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-3 text-sm font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
            {item.question}
            <span aria-hidden="true" className="text-lg leading-none text-slate-500 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="pb-4 text-sm text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
