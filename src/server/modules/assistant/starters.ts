import type { AssistantToolName, StarterId, StarterQuestion } from '../../../shared/contracts/assistant';
import type { ToolArguments } from './assistant-tools';

interface Starter<K extends AssistantToolName = AssistantToolName> {
  id: StarterId;
  question: string;
  tool: K;
  /** The tool's arguments when the starter is answered without a model. */
  args: (now: Date) => ToolArguments[K];
}

const starter = <K extends AssistantToolName>(s: Starter<K>): Starter => s as unknown as Starter;

/** The suggested questions: each answered by one tool's real query, with or without a model. */
export const STARTERS: readonly Starter[] = [
  starter({ id: 'health-overview', question: 'How healthy is my CRM data?', tool: 'health_summary', args: () => ({}) }),
  starter({ id: 'companies-most-duplicates', question: 'Which companies have the most duplicates?', tool: 'duplicate_groups', args: () => ({ objectType: 'companies', sort: 'size', limit: 10 }) }),
  starter({ id: 'contacts-score-change', question: 'Why is my contacts score lower than last month?', tool: 'health_summary', args: () => ({ objectType: 'contacts' }) }),
  starter({
    id: 'contacts-missing-email-this-year',
    question: 'Show contacts missing an email created this year',
    tool: 'quality_records',
    args: (now) => ({ objectType: 'contacts', missingProperty: 'email', createdFrom: `${now.getUTCFullYear()}-01-01`, limit: 20 }),
  }),
  starter({ id: 'what-to-fix-first', question: 'What should I fix first?', tool: 'recommendations', args: () => ({}) }),
];

export const starterById = (id: StarterId): Starter => STARTERS.find((s) => s.id === id)!;

export const starterQuestions = (): StarterQuestion[] => STARTERS.map(({ id, question, tool }) => ({ id, question, tool }));
