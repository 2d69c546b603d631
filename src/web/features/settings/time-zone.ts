import { updateSettingsRequestSchema, type UpdateSettingsRequest, type UserSettingsView } from '../../../shared/contracts/settings';

const UTC_NAMES = /^(Etc\/)?(UTC|UCT|GMT|Universal|Zulu)$/;

/** The browser's IANA time zone, when it is one the settings accept. */
export function browserTimeZone(): string | null {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && updateSettingsRequestSchema.shape.timeZone.safeParse(zone).success ? zone : null;
  } catch {
    return null;
  }
}

/** The zone digests are timed in: the stored one, else UTC (the server's default). */
export function effectiveTimeZone(zone: string | null): string {
  return zone ?? 'UTC';
}

/** A zone as people read it: America/New_York as "America/New York". */
export function zoneName(zone: string): string {
  return zone.replaceAll('_', ' ');
}

/** Whether `a` and `b` keep the same clock for our purpose (UTC under its several names). */
export function sameTimeZone(a: string, b: string): boolean {
  return a === b || (UTC_NAMES.test(a) && UTC_NAMES.test(b));
}

/**
 * A user who never chose a time zone gets the browser's with their first save, so digests
 * come at 8:00 their time without a setting to find. A chosen zone is only changed on request.
 */
export function withBrowserTimeZone(request: UpdateSettingsRequest, view: UserSettingsView, zone = browserTimeZone()): UpdateSettingsRequest {
  if (view.timeZone !== null || request.timeZone !== undefined || zone === null || sameTimeZone(zone, 'UTC')) return request;
  return { ...request, timeZone: zone };
}
