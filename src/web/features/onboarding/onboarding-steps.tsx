import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { privateAppTokenRequestSchema } from '../../../shared/contracts/hubspot';
import { OBJECT_TYPES, type ObjectType } from '../../../shared/object-types';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-request';
import { useLastScan } from '../scans/api/get-last-scan';
import { OBJECT_TYPE_LABELS } from '../scans/object-type-labels';
import { ScanProgressPanel } from '../scans/scan-progress-panel';
import { scanSummary, useScanControl } from '../scans/use-scan-control';
import { SETTINGS_URL } from '../settings/api/get-settings';
import { oauthConnectUrl, useConnectHubspotToken } from '../settings/api/connect-hubspot-token';
import { saveObjectsToAnalyze } from './api/onboarding-requests';

const STEPS = [
  { key: 'connect', label: 'Connect HubSpot' },
  { key: 'objects', label: 'Choose what to scan' },
  { key: 'scan', label: 'Run your first scan' },
] as const;

export function OnboardingSteps({ current }: { current: (typeof STEPS)[number]['key'] }) {
  const at = STEPS.findIndex((s) => s.key === current);
  return (
    <ol className="grid grid-cols-3 gap-2" aria-label="Set-up steps">
      {STEPS.map((step, i) => {
        const done = i < at;
        return (
          <li key={step.key} aria-current={i === at ? 'step' : undefined} className="flex flex-col gap-2">
            <span className={`h-1.5 rounded-full ${i <= at ? 'bg-brand-600' : 'bg-slate-200'}`} aria-hidden="true" />
            <span className={`flex items-center gap-1.5 text-xs font-medium sm:text-sm ${i === at ? 'text-slate-900' : 'text-slate-500'}`}>
              {done && <CheckIcon className="h-4 w-4 text-brand-700" aria-hidden="true" />}
              {i + 1}. {step.label}
              {done && <span className="sr-only"> (done)</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function StepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="step-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      <h2 id="step-heading" className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Step 1: HubSpot's own consent screen when this server has an OAuth app, or a private app's token. */
export function ConnectStep({ oauthAvailable, problem }: { oauthAvailable: boolean; problem: string | null }) {
  const connect = useConnectHubspotToken();
  const [token, setToken] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const parsed = privateAppTokenRequestSchema.safeParse({ accessToken: token });
  const error = submitted && !parsed.success ? parsed.error.issues[0]?.message : connect.isError ? (serverMessage(connect.error) ?? 'HubSpot could not be reached. Please try again.') : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.success) connect.mutate(parsed.data.accessToken);
  };

  return (
    <StepCard title="Connect your HubSpot portal">
      <p className="text-sm text-slate-600">
        DataCleaner reads your contacts, companies, deals and tickets to measure their health and find duplicates. Nothing in HubSpot changes until you choose to merge.
      </p>
      {problem && (
        <div className="mt-4">
          <Alert tone="warning">{problem}</Alert>
        </div>
      )}
      <div className={`mt-6 grid gap-6 ${oauthAvailable ? 'md:grid-cols-2' : ''}`}>
        {oauthAvailable && (
          <div className="rounded-xl border border-brand-100 bg-brand-50/60 p-5">
            <h3 className="font-semibold text-slate-900">Sign in with HubSpot</h3>
            <p className="mt-1 text-sm text-slate-600">Recommended: approve DataCleaner on HubSpot&apos;s own page and come straight back here.</p>
            <a href={oauthConnectUrl('/onboarding')} className="mt-4 inline-flex items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
              Connect with HubSpot
            </a>
          </div>
        )}
        <form noValidate onSubmit={onSubmit} aria-label="Connect with a private app token" className="rounded-xl border border-slate-200 p-5">
          <h3 className="font-semibold text-slate-900">Use a private app token</h3>
          <p className="mt-1 text-sm text-slate-600">
            In HubSpot, open Settings → Integrations → Private Apps, create an app with read and write access to CRM objects, and copy its access token.
          </p>
          <Field
            className="mt-4"
            label="Private app access token"
            name="accessToken"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => {
              setToken(event.target.value);
              connect.reset();
            }}
            error={error}
          />
          <Button type="submit" className="mt-4" disabled={connect.isPending}>
            {connect.isPending && <Spinner className="h-4 w-4" />}
            {connect.isPending ? 'Checking the token…' : 'Connect'}
          </Button>
        </form>
      </div>
    </StepCard>
  );
}

const DESCRIPTIONS: Readonly<Record<ObjectType, string>> = {
  contacts: 'People: duplicates by email, name, phone and company; missing emails and phone numbers.',
  companies: 'Organisations: duplicates by domain, name, phone and location.',
  deals: 'Deals repeated for the same company, amount and close date.',
  tickets: 'Support tickets raised twice by the same requester.',
};

/** Step 2: the object types scans analyze (objectsToAnalyze), all four unless the user had chosen. */
export function ChooseObjectsStep({ portal, initial, onDone }: { portal: string; initial: ObjectType[]; onDone: (chosen: ObjectType[]) => void }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<ObjectType[]>(initial);
  const save = useMutation({
    mutationFn: saveObjectsToAnalyze,
    onSuccess: (settings) => {
      queryClient.setQueryData([SETTINGS_URL], settings);
      onDone(settings.objectsToAnalyze);
    },
  });
  const toggle = (type: ObjectType) => setChosen((current) => (current.includes(type) ? current.filter((t) => t !== type) : OBJECT_TYPES.filter((t) => t === type || current.includes(t))));

  return (
    <StepCard title="Choose what to scan">
      <p className="text-sm text-slate-600">
        Connected to <span className="font-medium text-slate-900">{portal}</span>. Which records should DataCleaner check? You can change this in Settings at any time.
      </p>
      <fieldset className="mt-5">
        <legend className="sr-only">Object types to analyze</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {OBJECT_TYPES.map((type) => (
            <label key={type} className={`flex cursor-pointer gap-3 rounded-xl border p-4 ${chosen.includes(type) ? 'border-brand-600 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300'}`}>
              <input type="checkbox" className="mt-1 h-4 w-4 accent-brand-700" checked={chosen.includes(type)} onChange={() => toggle(type)} />
              <span>
                <span className="block font-medium text-slate-900">{OBJECT_TYPE_LABELS[type]}</span>
                <span className="block text-sm text-slate-600">{DESCRIPTIONS[type]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {chosen.length === 0 && <p className="mt-3 text-sm text-red-700">Choose at least one object type.</p>}
      {save.isError && (
        <div className="mt-4">
          <Alert tone="error">{serverMessage(save.error) ?? 'Your choice could not be saved. Please try again.'}</Alert>
        </div>
      )}
      <Button className="mt-6" disabled={chosen.length === 0 || save.isPending} onClick={() => save.mutate(chosen)}>
        {save.isPending && <Spinner className="h-4 w-4" />}
        Continue
      </Button>
    </StepCard>
  );
}

/** Step 3: the first scan, its live progress, and what it found. */
export function FirstScanStep({ objectTypes, onBack, onFinish, finishing }: { objectTypes: ObjectType[]; onBack: () => void; onFinish: () => void; finishing: boolean }) {
  const scan = useScanControl();
  const lastScan = useLastScan();
  const finished = lastScan.data?.lastScan?.status === 'completed' && !scan.active ? lastScan.data.lastScan : null;
  const names = objectTypes.map((t) => OBJECT_TYPE_LABELS[t].toLowerCase());
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'records');

  if (scan.active) return <ScanProgressPanel run={scan.active} transport={scan.transport} onCancel={scan.cancel} cancelling={scan.cancelling} />;
  return (
    <StepCard title={finished ? 'Your first scan is done' : 'Run your first scan'}>
      {finished ? (
        <>
          <p className="text-sm text-slate-600">{scanSummary(finished)} Your dashboard shows the health score, the duplicates found and what to fix first.</p>
          <Button className="mt-6" size="lg" onClick={onFinish} disabled={finishing}>
            {finishing && <Spinner className="h-4 w-4" />}
            Go to your dashboard
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            DataCleaner copies your {list} from HubSpot, then scores their health and looks for duplicates. A portal with tens of thousands of records takes a few minutes; you can watch it happen.
          </p>
          {(scan.startError || scan.failed) && (
            <div className="mt-4">
              <Alert tone="error" title={scan.startError ? 'The scan could not start' : 'The scan failed'}>
                {scan.startError ?? scan.failed?.errorMessage ?? 'Something went wrong during the scan. Please try again.'}
              </Alert>
            </div>
          )}
          <div className="mt-6 flex flex-wrap items-center gap-3">
            <Button size="lg" onClick={scan.start} disabled={!scan.ready || scan.starting}>
              {scan.starting && <Spinner className="h-4 w-4" />}
              Start the scan
            </Button>
            <Button variant="ghost" onClick={onBack}>
              Back
            </Button>
          </div>
        </>
      )}
    </StepCard>
  );
}
