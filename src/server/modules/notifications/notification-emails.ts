// Interim stand-in until the notification emails land (is16-email); same signatures.
import type { CleanupCompletedPayload, NotificationEvent } from '../../../shared/contracts/notifications';
import { renderEmail, type RenderedEmail } from './email-templates';
import type { NoticeEvents, NoticeLinks, WeeklyReport } from './notice-types';

export interface NotificationEmailContext {
  links: NoticeLinks;
  unsubscribeUrl: string;
  timeZone: string | null;
  locale?: string;
}

function simple(subject: string, lines: string[], ctx: NotificationEmailContext): RenderedEmail {
  return { subject, ...renderEmail({ preheader: subject, heading: subject, paragraphs: lines, action: { label: 'Open DataCleaner', url: `${ctx.links.appUrl}/dashboard` }, footnote: `Notification settings: ${ctx.links.settingsUrl}. Unsubscribe: ${ctx.unsubscribeUrl}` }) };
}

const describe = (e: NotificationEvent) => `${e.kind} ${JSON.stringify(e.payload)}`;

export function scanNotificationEmail(events: NoticeEvents, ctx: NotificationEmailContext): RenderedEmail {
  return simple('Scan finished', events.map(describe), ctx);
}
export function cleanupNotificationEmail(event: { payload: CleanupCompletedPayload }, ctx: NotificationEmailContext): RenderedEmail {
  return simple('Automatic cleanup finished', [event.payload.message], ctx);
}
export function digestEmail(events: NoticeEvents, period: { frequency: 'daily' | 'weekly'; from: string; to: string }, ctx: NotificationEmailContext): RenderedEmail {
  return simple(`Your ${period.frequency} digest`, events.map(describe), ctx);
}
export function weeklyReportEmail(report: WeeklyReport, ctx: NotificationEmailContext): RenderedEmail {
  return simple('Your weekly health report', [JSON.stringify(report.types)], ctx);
}
export function testNotificationEmail(ctx: NotificationEmailContext): RenderedEmail {
  return simple('Test email from DataCleaner', ['Email notifications work.'], ctx);
}
