import type { NotificationEvent } from '../../../shared/contracts/notifications';
import type { ObjectType } from '../../../shared/object-types';

/**
 * The shapes every channel renders from (email, Slack; later webhooks): the outbox events of one
 * notice, the weekly report, and how one attempt to send ended.
 */

/** How one attempt ended. A permanent failure is not retried; a transient one is, after `retryAfterSeconds` when the service said so. */
export type SendOutcome = { ok: true; providerId: string | null } | SendFailure;

export interface SendFailure {
  ok: false;
  permanent: boolean;
  /** Stable: invalid_auth, channel_not_found, not_in_channel, ratelimited, smtp_unreachable, smtp_refused_recipient, ... */
  code: string;
  /** For the user, with the fix where there is one. Never a secret. */
  message: string;
  retryAfterSeconds?: number;
}

/** Links every notice carries; absolute URLs on PUBLIC_URL. */
export interface NoticeLinks {
  /** PUBLIC_URL without a trailing slash. */
  appUrl: string;
  /** The notification settings. */
  settingsUrl: string;
}

/** The events one notice tells of, already filtered by the user's switches for the channel. */
export type NoticeEvents = readonly NotificationEvent[];

/** The weekly health report of one user for one week (Monday 00:00 to Monday 00:00 in their time zone). */
export interface WeeklyReport {
  weekStart: string;
  weekEnd: string;
  /** IANA zone the week is counted in; UTC when the user's is unknown. */
  timeZone: string;
  types: WeeklyReportType[];
  /** The three biggest problems over all types, biggest first. */
  problems: WeeklyReportProblem[];
  /** Duplicate groups merged (by hand or automatically) and dismissed during the week. */
  mergedGroups: number;
  mergedRecords: number;
  dismissedGroups: number;
}

export interface WeeklyReportType {
  objectType: ObjectType;
  /** The newest scan's score; null when the type was never scanned. */
  healthScore: number | null;
  /** Against the newest score of the week before; null without one. */
  change: number | null;
  totalRecords: number;
  pendingGroups: number;
  /** The last eight weeks, oldest first: each week's newest score, null for a week without a scan. */
  trend: { weekStart: string; healthScore: number | null }[];
}

export interface WeeklyReportProblem {
  objectType: ObjectType;
  kind: 'duplicates' | 'missing-values';
  /** Such as "Phone number missing" or "12 groups of duplicate records". */
  label: string;
  records: number;
  /** 0-1 of the type's records. */
  share: number;
  /** What to do about it, in one or two sentences. */
  advice: string;
}
