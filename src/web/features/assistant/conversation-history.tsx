import { useState } from 'react';
import type { ConversationSummary } from '../../../shared/contracts/assistant';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { serverMessage } from '../../lib/api-request';
import { DashboardPanel, SectionError } from '../dashboard/dashboard-panel';
import { SectionLoading } from '../enterprise-api/section-loading';
import { useConversations, useDeleteConversations } from './api/assistant-requests';
import { tokensText } from './answer-view';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function summaryLine(c: ConversationSummary): string {
  const messages = `${c.messageCount} ${c.messageCount === 1 ? 'message' : 'messages'}`;
  return `${messages} · ${tokensText(c.promptTokens + c.completionTokens)}`;
}

/** The demo stores nothing, and says so where the history would be. */
export function NoHistory({ demo }: { demo: boolean }) {
  return (
    <DashboardPanel id="assistant-history" title="History">
      <p className="text-sm text-slate-700">
        {demo
          ? 'The demo keeps no history: your questions and answers are not stored, and they are gone when you leave this page.'
          : 'Conversations are not kept on this server: they are gone when you leave this page.'}
      </p>
    </DashboardPanel>
  );
}

/**
 * Past conversations, newest first: open one, delete one, or clear them all. Deleting asks
 * first, since a conversation cannot be brought back.
 */
export function ConversationHistory({
  currentId,
  opening,
  onOpen,
  onRemoved,
}: {
  currentId: number | null;
  opening: { id: number; error: string | null } | null;
  onOpen: (id: number) => void;
  /** A conversation left the list (null: all of them), so the page can let go of it. */
  onRemoved: (id: number | null) => void;
}) {
  const list = useConversations(true);
  const remove = useDeleteConversations();
  const [confirming, setConfirming] = useState<{ id: number | null; title: string } | null>(null);
  const conversations = list.data?.conversations ?? [];

  const confirm = () => {
    if (!confirming) return;
    const { id } = confirming;
    remove.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        onRemoved(id);
      },
    });
  };

  return (
    <DashboardPanel id="assistant-history" title="Past conversations">
      {list.isPending ? (
        <SectionLoading label="Loading..." />
      ) : list.isError ? (
        <SectionError message="Your conversations could not be loaded." onRetry={() => void list.refetch()} />
      ) : conversations.length === 0 ? (
        <p className="text-sm text-slate-600">No conversations yet. Your questions and answers are kept here, with the tokens they used, until you clear them.</p>
      ) : (
        <ul aria-label="Past conversations" className="-mx-2 space-y-1">
          {conversations.map((c) => (
            <li key={c.id} className={`flex items-start gap-1 rounded-lg ${c.id === currentId ? 'bg-brand-50' : 'hover:bg-slate-50'}`}>
              <button
                type="button"
                aria-current={c.id === currentId ? 'true' : undefined}
                onClick={() => onOpen(c.id)}
                className="min-w-0 flex-1 rounded-lg px-2 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block text-sm font-medium text-slate-900">{c.title}</span>
                <span className="block text-xs text-slate-500">
                  <time dateTime={c.updatedAt}>{when.format(new Date(c.updatedAt))}</time>
                </span>
                <span className="block text-xs text-slate-500">{summaryLine(c)}</span>
              </button>
              {opening?.id === c.id && !opening.error && <Spinner className="mt-3 h-4 w-4 shrink-0 text-brand-600" />}
              <Button variant="ghost" size="sm" aria-label={`Delete "${c.title}"`} onClick={() => setConfirming({ id: c.id, title: c.title })} className="mt-1 shrink-0">
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {conversations.length > 0 && (
        <Button variant="secondary" size="sm" onClick={() => setConfirming({ id: null, title: '' })} className="mt-4">
          Clear history
        </Button>
      )}
      {opening?.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {opening.error}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.id === null ? 'Clear your conversation history?' : `Delete "${confirming?.title ?? ''}"?`}
        description={
          <>
            {confirming?.id === null ? `All ${conversations.length} conversations and their answers are deleted.` : 'The conversation and its answers are deleted.'} This cannot be undone.
            {remove.isError && <span className="mt-2 block text-red-700">{serverMessage(remove.error) ?? 'That did not work. Please try again.'}</span>}
          </>
        }
        confirmLabel={confirming?.id === null ? 'Clear history' : 'Delete conversation'}
        busy={remove.isPending}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(null);
          remove.reset();
        }}
      />
    </DashboardPanel>
  );
}
