// Interim stand-in until the Slack messages land (is16-slack); same signatures.
import type { CleanupCompletedPayload } from '../../../shared/contracts/notifications';
import type { NoticeEvents, NoticeLinks, WeeklyReport } from './notice-types';

export interface SlackMessage {
  text: string;
  blocks: object[];
}

const message = (text: string): SlackMessage => ({ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] });

export function scanSlackMessage(events: NoticeEvents, links: NoticeLinks): SlackMessage {
  return message(`Scan finished (${events.length} events) ${links.appUrl}`);
}
export function cleanupSlackMessage(event: { payload: CleanupCompletedPayload }, _links: NoticeLinks): SlackMessage {
  return message(event.payload.message);
}
export function weeklyReportSlackMessage(_report: WeeklyReport, _links: NoticeLinks): SlackMessage {
  return message('Weekly health report');
}
export function testSlackMessage(_links: NoticeLinks): SlackMessage {
  return message('Test message from DataCleaner');
}
