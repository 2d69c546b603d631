import type { Citation, DataBlock } from '../../../shared/contracts/assistant';
import type { ObjectType } from '../../../shared/object-types';
import type { Db } from '../../db/client';
import type { User } from '../../db/schema';

/** Whose data a tool reads, and where its links point. */
export interface ToolContext {
  db: Db;
  /** Every query is scoped to this user (the demo account in the demo). */
  user: User;
  /** '' for the app, '/demo' in the demo: every app path a tool links to starts with it. */
  basePath: string;
  now: Date;
}

/** A tool's answer: one shape for the model, the same figures as tables for the page. */
export interface ToolResult {
  /** What the model is given: compact JSON, aggregates unless the question needs records, records capped. */
  forModel: unknown;
  blocks: DataBlock[];
  citations: Citation[];
  /** The figures in a sentence or two: the answer to a starter question when no model is at hand. */
  summary: string;
}

export const TYPE_LABELS: Readonly<Record<ObjectType, string>> = { contacts: 'Contacts', companies: 'Companies', deals: 'Deals', tickets: 'Tickets' };
/** The singular, for "1 contact". */
const SINGULAR: Readonly<Record<ObjectType, string>> = { contacts: 'contact', companies: 'company', deals: 'deal', tickets: 'ticket' };

export const typeWord = (type: ObjectType, count: number) => (count === 1 ? SINGULAR[type] : type);

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
/** A figure in a sentence: grouped, at most one decimal (tables keep the figure itself). */
export const figure = (value: number) => numberFormat.format(value);
export const plural = (count: number, word: string, many = `${word}s`) => `${figure(count)} ${count === 1 ? word : many}`;

export const appLink = (ctx: ToolContext, path: string) => `${ctx.basePath}${path}`;
/** The duplicates page, filtered to the type, with the group open (its `group` parameter). */
export const groupHref = (ctx: ToolContext, objectType: ObjectType, id: number) => appLink(ctx, `/duplicates?objectType=${objectType}&group=${id}`);
export const recordHref = (ctx: ToolContext, objectType: ObjectType, id: string) => appLink(ctx, `/objects/${objectType}/${encodeURIComponent(id)}`);
export const screen = (ctx: ToolContext, label: string, path: string): Citation => ({ kind: 'screen', label, href: appLink(ctx, path) });

/** One decimal, as the scores are stored: differences of stored figures without float noise. */
export const round1 = (value: number) => Math.round(value * 10) / 10;
