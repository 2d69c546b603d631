import { useState } from 'react';
import { TabList, tabPanelProps } from '../../components/ui/tabs';
import { DashboardPanel } from '../dashboard/dashboard-panel';
import { EXAMPLE_CALLS, exampleSnippet, type ExampleLanguage } from './api-examples';
import { CopyButton } from './copy-button';

const LANGUAGES: { value: ExampleLanguage; label: string }[] = [
  { value: 'curl', label: 'curl' },
  { value: 'javascript', label: 'JavaScript' },
  { value: 'python', label: 'Python' },
];

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** Copy-ready calls in three languages, against this server, with a placeholder where the key goes. */
export function ExamplesSection({ origin }: { origin: string }) {
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  return (
    <DashboardPanel id="api-examples" title="Examples" description="Replace YOUR_API_KEY with one of your keys, and call the API from your server: a key must never reach a browser.">
      <p className="text-sm text-slate-600">
        Every endpoint, parameter and answer is in the{' '}
        <a href="/api/v1/docs" className={linkClass}>
          API reference
        </a>{' '}
        and the{' '}
        <a href="/api/v1/openapi.json" className={linkClass}>
          OpenAPI document
        </a>
        .
      </p>
      <div className="mt-4 max-w-md">
        <TabList idPrefix="api-examples" label="Language" items={LANGUAGES} value={language} onChange={setLanguage} />
      </div>
      <div {...tabPanelProps('api-examples', language)} className="mt-4 space-y-5">
        {EXAMPLE_CALLS.map((call) => {
          const snippet = exampleSnippet(language, call, origin);
          return (
            <div key={call.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-sm font-semibold text-slate-900">
                  {call.title} <span className="font-mono text-xs font-normal text-slate-500">{call.method} {call.path.split('?')[0]}</span>
                </h3>
                <CopyButton text={snippet} label="Copy code" />
              </div>
              <pre className="mt-2 whitespace-pre-wrap break-all rounded-xl bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
                <code>{snippet}</code>
              </pre>
            </div>
          );
        })}
      </div>
    </DashboardPanel>
  );
}
