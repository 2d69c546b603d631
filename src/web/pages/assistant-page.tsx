import { Link, useLocation } from 'react-router';
import type { AssistantStatus } from '../../shared/contracts/assistant';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { AiUnavailable } from '../features/assistant/ai-unavailable';
import { useAssistantStatus, useConversations } from '../features/assistant/api/assistant-requests';
import { AnswerView, tokensText } from '../features/assistant/answer-view';
import { ConversationHistory, NoHistory } from '../features/assistant/conversation-history';
import { PrivacyNote } from '../features/assistant/privacy-note';
import { QuestionBox } from '../features/assistant/question-box';
import { StarterQuestions } from '../features/assistant/starter-questions';
import { useAssistantChat } from '../features/assistant/use-assistant-chat';
import { DashboardPanel, SectionError } from '../features/dashboard/dashboard-panel';
import { SectionLoading } from '../features/enterprise-api/section-loading';
import { RecommendationList } from '../features/recommendations';
import { DEMO_BASE_PATH, isDemoMode } from '../lib/demo-mode';

const NO_MODEL = 'Typing your own questions needs AI: turn it on in Settings, AI.';

type Chat = ReturnType<typeof useAssistantChat>;

function Assistant({ status, demo, chat }: { status: AssistantStatus; demo: boolean; chat: Chat }) {
  const basePath = demo ? DEMO_BASE_PATH : '';
  // The list is shared with the history panel (one request); it names the conversation open here.
  const history = useConversations(status.historyKept);
  const title = history.data?.conversations.find((c) => c.id === chat.conversationId)?.title ?? (chat.turns.length ? 'This conversation' : 'New conversation');
  const empty = chat.turns.length === 0;
  const askStarter = (starter: AssistantStatus['starters'][number]) => chat.ask({ starterId: starter.id }, starter.question);

  return (
    <>
      {!status.aiAvailable && <AiUnavailable reason={status.unavailableReason} basePath={basePath} />}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <DashboardPanel
          id="assistant-chat"
          title={title}
          description={empty ? 'Ask about your data quality: every figure comes from your own scans, with links to what it rests on.' : undefined}
          className="min-w-0"
          actions={!empty && <p className="shrink-0 text-sm text-slate-600">{tokensText(chat.tokens)} in this conversation</p>}
        >
          {empty ? (
            <section aria-labelledby="assistant-starters">
              <h3 id="assistant-starters" className="text-sm font-semibold text-slate-900">
                Suggested questions
              </h3>
              <div className="mt-3">
                <StarterQuestions starters={status.starters} busy={chat.busy} onAsk={askStarter} />
              </div>
            </section>
          ) : (
            <ol aria-label="Questions and answers" className="space-y-6">
              {chat.turns.map((turn) => (
                <li key={turn.key} className={turn.kind === 'question' ? 'flex justify-end' : 'min-w-0'}>
                  {turn.kind === 'question' ? (
                    <p className="max-w-[85%] whitespace-pre-wrap wrap-anywhere rounded-2xl rounded-br-sm bg-brand-700 px-4 py-2 text-sm text-white">
                      <span className="sr-only">You asked: </span>
                      {turn.text}
                    </p>
                  ) : (
                    <AnswerView turn={turn} onRetry={() => chat.retry(turn.key)} />
                  )}
                </li>
              ))}
            </ol>
          )}
          {!empty && (
            <details className="mt-6">
              <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-600">Suggested questions</summary>
              <div className="mt-3">
                <StarterQuestions starters={status.starters} busy={chat.busy} onAsk={askStarter} />
              </div>
            </details>
          )}
          <div className="mt-6">
            <QuestionBox disabledReason={status.aiAvailable ? null : (status.unavailableReason ?? NO_MODEL)} busy={chat.busy} onAsk={(question) => chat.ask({ question }, question)} onStop={chat.stop} />
          </div>
        </DashboardPanel>
        <aside aria-label="History and privacy" className="min-w-0 space-y-6">
          {status.historyKept ? (
            <ConversationHistory
              currentId={chat.conversationId}
              opening={chat.opening}
              onOpen={(id) => void chat.open(id)}
              onRemoved={(id) => {
                if (id === null || id === chat.conversationId) chat.startNew();
              }}
            />
          ) : (
            <NoHistory demo={demo} />
          )}
          <PrivacyNote recordCap={status.recordCap} basePath={basePath} />
        </aside>
      </div>
    </>
  );
}

/** /ai (and /demo/assistant, /demo/ai): the assistant, then the full list of recommendations. */
export function AssistantPage() {
  const demo = isDemoMode(useLocation().pathname);
  const status = useAssistantStatus();
  const chat = useAssistantChat();

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">AI Assistant</h1>
          <p className="mt-1 max-w-2xl text-slate-600">Questions about your CRM data answered from your own scans, and what to fix first.</p>
        </div>
        <Button variant="secondary" onClick={chat.startNew} disabled={chat.turns.length === 0} className="shrink-0 self-start">
          New conversation
        </Button>
      </div>
      <div className="mt-6 space-y-6">
        {demo && (
          <Alert tone="info" title="This is the demo">
            Answers come from the demo portal&apos;s made-up data, and nothing you ask is kept.{' '}
            <Link to="/auth?tab=register" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
              Start your free trial
            </Link>
          </Alert>
        )}
        {status.isPending ? (
          <SectionLoading label={demo ? 'Loading demo content...' : 'Loading...'} />
        ) : status.isError ? (
          <SectionError message="The assistant could not be loaded." onRetry={() => void status.refetch()} role="status" />
        ) : (
          <Assistant status={status.data} demo={demo} chat={chat} />
        )}
        <DashboardPanel id="ai-recommendations" title="Recommendations" description="What to fix first, worked out from your latest scans.">
          <RecommendationList />
        </DashboardPanel>
      </div>
    </div>
  );
}
