import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { HEALTH_CHANGE_THRESHOLD, testEmailRequestSchema, testSlackRequestSchema, type TestNotificationResult } from '../../../shared/contracts/notifications';
import type { DIGEST_FREQUENCIES } from '../../../shared/defaults';
import { Button, buttonClasses } from '../../components/ui/button';
import { AlertIcon, CheckIcon } from '../../components/ui/icons';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api-request';
import { useCurrentUser } from '../auth/api/current-user';
import { useTestEmail, useTestSlack } from './api/test-notifications';
import type { SectionProps } from './section-props';
import { SecretField } from './secret-field';
import { DependentGroup, InputField, PlanBadge, PlanSwitchField, SelectField, SettingsSection, SwitchField, type PlanGate } from './settings-controls';
import { browserTimeZone, effectiveTimeZone, sameTimeZone, zoneName } from './time-zone';

type Digest = (typeof DIGEST_FREQUENCIES)[number];

/** Where "Add to Slack" starts: a full-page visit, as Slack's consent screen is another site. */
export const SLACK_INSTALL_URL = '/api/settings/slack/install';

const DIGESTS: readonly { value: Digest; label: string }[] = [
  { value: 'instantly', label: 'Instantly, one email per scan' },
  { value: 'daily', label: 'Daily digest, one email a day' },
  { value: 'weekly', label: 'Weekly digest, one email a week' },
];

const EMAIL_EVENTS = [
  { key: 'notifyOnCompletedAnalysis', label: 'A scan finished', description: 'With the new health scores.' },
  { key: 'notifyOnDuplicatesFound', label: 'New duplicates found', description: 'How many groups, with a link to review them.' },
  { key: 'notifyOnHealthScoreChanges', label: 'Health score changed', description: `When a health score goes up or down by ${HEALTH_CHANGE_THRESHOLD} points or more from one scan to the next.` },
] as const;

const SLACK_EVENTS = [
  { key: 'slackNotifyOnCompletedAnalysis', label: 'A scan finished', description: 'With the new health scores.' },
  { key: 'slackNotifyOnDuplicatesFound', label: 'New duplicates found', description: 'How many groups, with a link to review them.' },
  { key: 'slackNotifyOnHealthScoreChanges', label: 'Health score changed', description: `When a health score goes up or down by ${HEALTH_CHANGE_THRESHOLD} points or more from one scan to the next.` },
  { key: 'slackSendWeeklyReport', label: 'Weekly report', description: 'A summary of the week’s scans and duplicates.' },
] as const;

const REPORT_ON = 'Once a week: each object type’s health score and trend, the top problems with advice, and what was merged or dismissed.';
const REPORT_GATE: PlanGate = { note: 'Weekly health reports are part of every paid plan.', feature: 'weeklyReports' };
const SLACK_ON = 'Turn all Slack messages on or off.';
const SLACK_GATE: PlanGate = { note: 'Slack notifications are part of the Professional plan.', feature: 'chatNotifications' };

const linkClass = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** How a test send ended, in the server's words. */
interface Outcome {
  ok: boolean;
  message: string;
  target: string | null;
}

const UNREACHABLE = 'The test could not be sent: the server did not answer. Check your connection and try again.';

function outcomeOf(result: TestNotificationResult): Outcome {
  return { ok: result.ok, message: result.message, target: result.target };
}

function failureOf(error: unknown): Outcome {
  return { ok: false, message: serverMessage(error) ?? UNREACHABLE, target: null };
}

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const where = outcome.target && !outcome.message.includes(outcome.target) ? outcome.target : null;
  return (
    <div
      role={outcome.ok ? 'status' : 'alert'}
      className={`flex min-w-0 gap-2 rounded-lg border px-3 py-2 text-sm ${outcome.ok ? 'border-emerald-200 bg-emerald-50 text-emerald-900' : 'border-red-200 bg-red-50 text-red-900'}`}
    >
      {outcome.ok ? <CheckIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" /> : <AlertIcon aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />}
      <div className="min-w-0 break-words">
        <p>{outcome.message}</p>
        {where && <p className="mt-0.5 text-xs opacity-80">To {where}</p>}
      </div>
    </div>
  );
}

/** A "Send a test" button with its outcome beside it (below it on a phone). */
function TestSend({ label, hint, pending, outcome, onSend }: { label: string; hint: ReactNode; pending: boolean; outcome: Outcome | null; onSend: () => void }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <Button variant="secondary" size="sm" className="shrink-0 self-start whitespace-nowrap" onClick={onSend} disabled={pending}>
          {pending && <Spinner className="h-4 w-4" />}
          {pending ? 'Sending…' : label}
        </Button>
        <p className="text-xs text-slate-600">{hint}</p>
      </div>
      {outcome && <OutcomeNote outcome={outcome} />}
    </div>
  );
}

function TestEmail({ typed, fallback }: { typed: string; fallback: string | undefined }) {
  const send = useTestEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The address typed in "Send to" when it is one; else the server uses the saved (or account) address.
  const address = typed.trim();
  const to = address && testEmailRequestSchema.shape.to.safeParse(address).success ? address : undefined;
  const goesTo = to ?? fallback;
  return (
    <TestSend
      label="Send a test email"
      hint={goesTo ? `Sends one email to ${goesTo} now, before you save.` : 'Sends one email now, before you save.'}
      pending={send.isPending}
      outcome={outcome}
      onSend={() => {
        setOutcome(null);
        send.mutate(to ? { to } : {}, { onSuccess: (result) => setOutcome(outcomeOf(result)), onError: (error) => setOutcome(failureOf(error)) });
      }}
    />
  );
}

function TimeZoneNote({ stored, set }: { stored: string | null; set: SectionProps['set'] }) {
  const zone = effectiveTimeZone(stored);
  const browser = browserTimeZone();
  const offer = browser !== null && !sameTimeZone(browser, zone);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
      <span>
        Times in <span className="font-medium text-slate-800">{zoneName(zone)}</span>.
      </span>
      {offer && (
        <button type="button" onClick={() => set('timeZone', browser)} className={`text-xs ${linkClass}`}>
          Use my time zone ({zoneName(browser)})
        </button>
      )}
    </p>
  );
}

/** Settings, Email notifications: whether, where, about what and how often, and a test. */
export function EmailNotificationsSection(props: SectionProps) {
  const { view, draft, errors, set } = props;
  const user = useCurrentUser();
  const accountEmail = user.data?.email;
  return (
    <SettingsSection id="email" title="Email notifications" description="What DataCleaner emails you about, and where.">
      {!view.emailDeliveryConfigured && (
        <p role="note" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          This server has no mail server configured, so emails are not delivered: they go to the development outbox instead.
        </p>
      )}
      <SwitchField label="Email notifications" description="Turn all notification emails on or off." checked={draft.emailNotifications} onChange={(on) => set('emailNotifications', on)} />
      <DependentGroup active={draft.emailNotifications} label="Email notification details" inactiveNote="Email notifications are off: these take effect when you turn them on.">
        <InputField
          label="Send to"
          type="email"
          autoComplete="email"
          placeholder={accountEmail ?? 'you@company.com'}
          value={draft.notificationEmail}
          onChange={(event) => set('notificationEmail', event.target.value)}
          error={errors.notificationEmail}
          hint={accountEmail ? `Leave blank to use your account address, ${accountEmail}.` : 'Leave blank to use your account address.'}
          inputClassName="sm:max-w-md"
        />
        <TestEmail typed={draft.notificationEmail} fallback={view.notificationEmail ?? accountEmail} />
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-medium text-slate-800">Email me when</legend>
          {EMAIL_EVENTS.map((event) => (
            <SwitchField key={event.key} label={event.label} description={event.description} checked={draft[event.key]} onChange={(on) => set(event.key, on)} />
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <SelectField
            label="How often"
            value={draft.digestFrequency}
            options={DIGESTS}
            onChange={(value) => set('digestFrequency', value)}
            error={errors.digestFrequency}
            hint="A digest gathers every notification of the day or week into one email, sent at 8:00 in your time zone."
          />
          <TimeZoneNote stored={draft.timeZone} set={set} />
        </div>
        <PlanSwitchField section={props} setting="emailWeeklyReport" allowed={view.weeklyReportAllowed} label="Weekly health report" description={REPORT_ON} gate={REPORT_GATE} />
      </DependentGroup>
    </SettingsSection>
  );
}

/** How "Add to Slack" ended, as the install callback reports it in ?slack= (and ?reason=). */
function useSlackInstallOutcome() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('slack');
  const reason = params.get('reason');
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!outcome || announced.current === outcome) return;
    announced.current = outcome;
    if (outcome === 'connected') toast({ title: 'Slack connected', description: 'Send a test message to check the channel.', variant: 'success' });
    else toast({ title: 'Slack was not connected', description: reason || 'Slack did not complete the installation. Please try again, or paste a bot token.', variant: 'destructive' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('slack');
        next.delete('reason');
        return next;
      },
      { replace: true },
    );
  }, [outcome, reason, setParams]);
}

function TestSlack({ token, channel, savedChannel }: { token: string | null | undefined; channel: string; savedChannel: string | null }) {
  const send = useTestSlack();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const typedChannel = channel.trim();
  const goesTo = typedChannel || savedChannel;
  return (
    <TestSend
      label="Send a test message"
      hint={goesTo ? `Posts one message to ${goesTo} now, with the token and channel shown here.` : 'Posts one message now, with the token and channel shown here.'}
      pending={send.isPending}
      outcome={outcome}
      onSend={() => {
        setOutcome(null);
        // What the user typed is tried before it is saved; left blank, the saved values are used.
        const body = { ...(typeof token === 'string' && token.trim() ? { botToken: token.trim() } : {}), ...(typedChannel ? { channel: typedChannel } : {}) };
        const checked = testSlackRequestSchema.safeParse(body);
        if (!checked.success) {
          setOutcome({ ok: false, message: checked.error.issues[0]?.message ?? 'Check the token and the channel.', target: null });
          return;
        }
        send.mutate(checked.data, { onSuccess: (result) => setOutcome(outcomeOf(result)), onError: (error) => setOutcome(failureOf(error)) });
      }}
    />
  );
}

/** Settings, Slack: the app installed with "Add to Slack" or a pasted bot token, the channel, what to post, and a test. */
export function SlackSection(props: SectionProps) {
  const { view, draft, errors, set, demo } = props;
  useSlackInstallOutcome();
  const allowed = view.slackAllowed;
  const install = view.slackInstallAvailable;
  return (
    <SettingsSection
      id="slack"
      title="Slack"
      badge={<PlanBadge />}
      description="Post to a Slack channel when something happens. Chat notifications are part of the Professional plan."
    >
      <PlanSwitchField section={props} setting="slackNotifications" allowed={view.slackAllowed} label="Slack notifications" description={SLACK_ON} gate={SLACK_GATE} />
      <DependentGroup active={draft.slackNotifications} label="Slack details" inactiveNote="Slack notifications are off: these take effect when you turn them on.">
        {install && (
          <div className="space-y-1.5">
            {demo || !allowed ? (
              <Button disabled>Add to Slack</Button>
            ) : (
              <a href={SLACK_INSTALL_URL} className={buttonClasses()}>
                Add to Slack
              </a>
            )}
            <p className="text-xs text-slate-600">Installs the DataCleaner app in your Slack workspace and fills in the token and channel for you.</p>
            <p aria-hidden="true" className="flex items-center gap-3 pt-2 text-xs font-medium text-slate-500">
              <span className="h-px flex-1 bg-slate-200" />
              or paste a bot token
              <span className="h-px flex-1 bg-slate-200" />
            </p>
          </div>
        )}
        <SecretField
          key={view.updatedAt ?? 'defaults'}
          label="Slack bot token"
          placeholder="xoxb-…"
          stored={view.hasSlackBotToken}
          value={draft.slackBotToken}
          onChange={(value) => set('slackBotToken', value)}
          error={errors.slackBotToken}
          hint="A bot token (xoxb-…) from your Slack app's OAuth & Permissions page, with the chat:write and channels:history scopes. Stored encrypted and never shown again."
        />
        <InputField
          label="Channel"
          placeholder="#crm-alerts"
          autoComplete="off"
          spellCheck={false}
          value={draft.slackChannel}
          onChange={(event) => set('slackChannel', event.target.value)}
          error={errors.slackChannel}
          hint="A channel name such as #crm-alerts, or a channel id such as C0123456789. Invite the bot to it: type /invite @YourBot in the channel."
          inputClassName="sm:max-w-sm"
        />
        <TestSlack token={draft.slackBotToken} channel={draft.slackChannel} savedChannel={view.slackChannel} />
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-medium text-slate-800">Post when</legend>
          {SLACK_EVENTS.map((event) => (
            <SwitchField key={event.key} label={event.label} description={event.description} checked={draft[event.key]} onChange={(on) => set(event.key, on)} />
          ))}
        </fieldset>
      </DependentGroup>
    </SettingsSection>
  );
}
