// Interim stand-in until unsubscribe lands (is16-email); same signatures.
import type { Config } from '../../config';

export type UnsubscribeKind = 'scan-emails' | 'weekly-report';

export function unsubscribeUrl(config: Config, userId: number, kind: UnsubscribeKind): string {
  return `${config.publicUrl}/api/notifications/unsubscribe?token=${userId}.${kind}`;
}
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
