import { inArray } from 'drizzle-orm';
import { notificationEventSchema, type DeliveryKind, type NotificationEvent } from '../../../shared/contracts/notifications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { notificationEvents } from '../../db/schema';
import type { RenderedEmail } from './email-templates';
import type { NoticeLinks, WeeklyReport } from './notice-types';
import { cleanupNotificationEmail, digestEmail, scanNotificationEmail, testNotificationEmail, weeklyReportEmail } from './notification-emails';
import { cleanupSlackMessage, scanSlackMessage, testSlackMessage, weeklyReportSlackMessage, type SlackMessage } from './slack-messages';
import { unsubscribeUrl, type UnsubscribeKind } from './unsubscribe';

/** What a delivery says besides its events: the period of a digest, the frozen weekly report. */
export interface DeliveryDetails {
  digest?: { frequency: 'daily' | 'weekly'; from: string; to: string };
  report?: WeeklyReport;
}

/** What a delivery is about: enough to render it on any channel, now or at a retry hours later. */
export interface DeliverySubject {
  userId: number;
  kind: DeliveryKind;
  events: readonly NotificationEvent[];
  details: DeliveryDetails;
  timeZone: string | null;
}

export function noticeLinks(config: Config): NoticeLinks {
  return { appUrl: config.publicUrl, settingsUrl: `${config.publicUrl}/settings#email` };
}

/** The events of a delivery, in the order they happened; rows that no longer parse are left out. */
export async function loadEvents(db: Db, ids: readonly number[]): Promise<NotificationEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(notificationEvents).where(inArray(notificationEvents.id, [...ids]));
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => notificationEventSchema.safeParse({ id: row.id, kind: row.kind, createdAt: row.createdAt.toISOString(), payload: row.payload }))
    .flatMap((parsed) => (parsed.success ? [parsed.data] : []));
}

export function unsubscribeKindOf(kind: DeliveryKind): UnsubscribeKind {
  return kind === 'weekly-report' ? 'weekly-report' : 'scan-emails';
}

export async function renderDeliveryEmail(config: Config, subject: DeliverySubject): Promise<RenderedEmail & { unsubscribeUrl: string }> {
  const url = await unsubscribeUrl(config, subject.userId, unsubscribeKindOf(subject.kind));
  const ctx = { links: { ...noticeLinks(config), settingsUrl: `${config.publicUrl}/settings#email` }, unsubscribeUrl: url, timeZone: subject.timeZone };
  const email = (() => {
    switch (subject.kind) {
      case 'scan':
        return scanNotificationEmail(subject.events, ctx);
      case 'cleanup':
        return cleanupNotificationEmail(cleanupEvent(subject.events), ctx);
      case 'digest':
        return digestEmail(subject.events, subject.details.digest ?? { frequency: 'daily', from: new Date(0).toISOString(), to: new Date().toISOString() }, ctx);
      case 'weekly-report':
        if (!subject.details.report) throw new Error('A weekly report delivery without its report');
        return weeklyReportEmail(subject.details.report, ctx);
      case 'test':
        return testNotificationEmail(ctx);
    }
  })();
  return { ...email, unsubscribeUrl: url };
}

export function renderDeliverySlack(config: Config, subject: DeliverySubject): SlackMessage {
  const links = { ...noticeLinks(config), settingsUrl: `${config.publicUrl}/settings#slack` };
  switch (subject.kind) {
    case 'scan':
    case 'digest':
      return scanSlackMessage(subject.events, links);
    case 'cleanup':
      return cleanupSlackMessage(cleanupEvent(subject.events), links);
    case 'weekly-report':
      if (!subject.details.report) throw new Error('A weekly report delivery without its report');
      return weeklyReportSlackMessage(subject.details.report, links);
    case 'test':
      return testSlackMessage(links);
  }
}

function cleanupEvent(events: readonly NotificationEvent[]): Extract<NotificationEvent, { kind: 'cleanup.completed' }> {
  const event = events.find((e) => e.kind === 'cleanup.completed');
  if (!event || event.kind !== 'cleanup.completed') throw new Error('A cleanup delivery without its event');
  return event;
}
