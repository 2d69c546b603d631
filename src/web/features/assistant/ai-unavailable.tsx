import { ButtonLink } from '../../components/ui/button';
import { DashboardPanel } from '../dashboard/dashboard-panel';

const WITH_AI = [
  'Ask anything about your data in your own words, and follow up on the answer.',
  'Hear why, not only what: for example why a score fell since last month, from the scans it compares.',
  'Recommendations reworded and ordered for your goals.',
];

/** Without a model: what AI would add, how to turn it on, and that the starters work already. */
export function AiUnavailable({ reason, basePath }: { reason: string | null; basePath: string }) {
  return (
    <DashboardPanel id="assistant-no-ai" title="Answering without AI" description={reason ?? 'No model is connected.'}>
      <p className="text-sm text-slate-700">The suggested questions below are answered now, straight from your latest scans, as tables and charts. Typing your own questions needs a model.</p>
      <p className="mt-3 text-sm font-medium text-slate-900">With AI on, you can also:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {WITH_AI.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-700">Every figure still comes from your own scans: the model words the answer and cannot add numbers of its own.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <ButtonLink to={`${basePath}/settings#ai`} variant="secondary" size="sm">
          Open Settings, AI
        </ButtonLink>
        <p className="text-sm text-slate-600">Switch on AI assistance and add your OpenAI API key.</p>
      </div>
    </DashboardPanel>
  );
}
