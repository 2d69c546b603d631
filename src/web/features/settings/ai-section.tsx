import type { SectionProps } from './section-props';
import { SecretField } from './secret-field';
import { InputField, SettingsSection, SwitchField } from './settings-controls';

const SUGGESTED_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini'] as const;

/** Settings, AI: the assistant, its model, and the user's own OpenAI key (write-only, kept only when asked). */
export function AiSection({ view, draft, errors, set }: SectionProps) {
  const forgetting = view.hasOpenaiApiKey && view.rememberOpenaiKey && !draft.rememberOpenaiKey;
  return (
    <SettingsSection id="ai" title="AI" description="AI-assisted recommendations and the assistant, on your own OpenAI account.">
      <SwitchField
        label="AI assistance"
        description="Suggestions on the dashboard and in the assistant, such as which duplicates to merge first and how to fill missing fields."
        checked={draft.aiAssistEnabled}
        onChange={(on) => set('aiAssistEnabled', on)}
      />
      <div>
        <InputField
          label="Preferred model"
          list="openai-models"
          autoComplete="off"
          spellCheck={false}
          value={draft.preferredModel}
          onChange={(event) => set('preferredModel', event.target.value)}
          error={errors.preferredModel}
          hint="An OpenAI model name. The default is gpt-4o."
          inputClassName="sm:max-w-xs font-mono"
        />
        <datalist id="openai-models">
          {SUGGESTED_MODELS.map((model) => (
            <option key={model} value={model} />
          ))}
        </datalist>
      </div>
      <SwitchField
        label="Remember my key"
        description={forgetting ? 'Turning this off deletes your stored key when you save.' : 'Keep your OpenAI API key, encrypted, so you do not have to enter it again.'}
        checked={draft.rememberOpenaiKey}
        onChange={(on) => set('rememberOpenaiKey', on)}
      />
      <SecretField
        key={view.updatedAt ?? 'defaults'}
        label="OpenAI API key"
        placeholder="sk-…"
        stored={view.hasOpenaiApiKey}
        value={draft.openaiApiKey}
        onChange={(value) => set('openaiApiKey', value)}
        error={errors.openaiApiKey}
        hint='From platform.openai.com, API keys. Stored encrypted and never shown again; only kept while "Remember my key" is on.'
      />
    </SettingsSection>
  );
}
