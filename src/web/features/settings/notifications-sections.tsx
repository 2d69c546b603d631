import type { DIGEST_FREQUENCIES } from '../../../shared/defaults';
import { useCurrentUser } from '../auth/api/current-user';
import type { SectionProps } from './section-props';
import { SecretField } from './secret-field';
import { DependentGroup, InputField, PlanBadge, SelectField, SettingsSection, SwitchField } from './settings-controls';

type Digest = (typeof DIGEST_FREQUENCIES)[number];

const DIGESTS: readonly { value: Digest; label: string }[] = [
  { value: 'instantly', label: 'Instantly, one email per event' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'weekly', label: 'Weekly digest' },
];

const EMAIL_EVENTS = [
  { key: 'notifyOnCompletedAnalysis', label: 'A scan finished', description: 'With the new health scores.' },
  { key: 'notifyOnDuplicatesFound', label: 'New duplicates found', description: 'How many groups, with a link to review them.' },
  { key: 'notifyOnHealthScoreChanges', label: 'Health score changed', description: 'When a health score goes up or down from one scan to the next.' },
] as const;

const SLACK_EVENTS = [
  { key: 'slackNotifyOnCompletedAnalysis', label: 'A scan finished', description: 'With the new health scores.' },
  { key: 'slackNotifyOnDuplicatesFound', label: 'New duplicates found', description: 'How many groups, with a link to review them.' },
  { key: 'slackNotifyOnHealthScoreChanges', label: 'Health score changed', description: 'When a health score goes up or down from one scan to the next.' },
  { key: 'slackSendWeeklyReport', label: 'Weekly report', description: 'A summary of the week’s scans and duplicates.' },
] as const;

/** Settings, Email notifications: whether, where, about what and how often. */
export function EmailNotificationsSection({ draft, errors, set }: SectionProps) {
  const user = useCurrentUser();
  const accountEmail = user.data?.email;
  return (
    <SettingsSection id="email" title="Email notifications" description="What DataCleaner emails you about, and where.">
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
        <fieldset className="space-y-4">
          <legend className="mb-3 text-sm font-medium text-slate-800">Email me when</legend>
          {EMAIL_EVENTS.map((event) => (
            <SwitchField key={event.key} label={event.label} description={event.description} checked={draft[event.key]} onChange={(on) => set(event.key, on)} />
          ))}
        </fieldset>
        <SelectField label="How often" value={draft.digestFrequency} options={DIGESTS} onChange={(value) => set('digestFrequency', value)} error={errors.digestFrequency} hint="Digests gather every notification of the day or week into one email." />
      </DependentGroup>
    </SettingsSection>
  );
}

/** Settings, Slack: a bot token (write-only), the channel, and what to post. */
export function SlackSection({ view, draft, errors, set }: SectionProps) {
  return (
    <SettingsSection
      id="slack"
      title="Slack"
      badge={<PlanBadge />}
      description="Post to a Slack channel when something happens. Chat notifications are part of the Professional plan."
    >
      <SwitchField label="Slack notifications" description="Turn all Slack messages on or off." checked={draft.slackNotifications} onChange={(on) => set('slackNotifications', on)} />
      <DependentGroup active={draft.slackNotifications} label="Slack details" inactiveNote="Slack notifications are off: these take effect when you turn them on.">
        <SecretField
          key={view.updatedAt ?? 'defaults'}
          label="Slack bot token"
          placeholder="xoxb-…"
          stored={view.hasSlackBotToken}
          value={draft.slackBotToken}
          onChange={(value) => set('slackBotToken', value)}
          error={errors.slackBotToken}
          hint="From your Slack app's OAuth & Permissions page; it needs the chat:write scope. Stored encrypted and never shown again."
        />
        <InputField
          label="Channel"
          placeholder="#crm-alerts"
          autoComplete="off"
          spellCheck={false}
          value={draft.slackChannel}
          onChange={(event) => set('slackChannel', event.target.value)}
          error={errors.slackChannel}
          hint="A channel name such as #crm-alerts, or a channel id such as C0123456789. Invite the bot to the channel."
          inputClassName="sm:max-w-sm"
        />
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
