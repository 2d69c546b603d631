import { Link } from 'react-router';
import { DashboardPanel } from '../dashboard/dashboard-panel';
import { formatNumber } from './format-cell';

/** What leaves DataCleaner, and what it costs: stated where the questions are asked. */
export function PrivacyNote({ recordCap, basePath }: { recordCap: number; basePath: string }) {
  return (
    <DashboardPanel id="assistant-privacy" title="Privacy and cost">
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>Suggested questions answered without AI never leave DataCleaner: our own queries read your latest scans.</li>
        <li>
          With AI on, the model receives your question and the aggregates our tools compute (counts, scores, duplicate group summaries). Record fields such as names or emails are sent only
          when a question needs them, and at most {formatNumber(recordCap)} records per request.
        </li>
        <li>
          Your OpenAI key stays in{' '}
          <Link to={`${basePath}/settings#ai`} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Settings, AI
          </Link>
          . It is used only to call the model and is never shown here.
        </li>
        <li>Every answer shows the tokens it used, and each conversation its total, so you can follow the cost on your OpenAI account. Questions are rate-limited per account.</li>
      </ul>
    </DashboardPanel>
  );
}
