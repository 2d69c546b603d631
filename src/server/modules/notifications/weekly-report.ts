// Interim stand-in until the weekly report lands (is16-email); same signatures.
import type { Db } from '../../db/client';
import type { WeeklyReport } from './notice-types';

export async function buildWeeklyReport(_db: Db, _userId: number, _week: { weekStart: Date; weekEnd: Date; timeZone: string }): Promise<WeeklyReport | null> {
  return null;
}
export function weekBounds(now: Date, _timeZone: string): { weekStart: Date; weekEnd: Date } {
  const end = new Date(now);
  end.setUTCHours(0, 0, 0, 0);
  end.setUTCDate(end.getUTCDate() - ((end.getUTCDay() + 6) % 7));
  return { weekStart: new Date(end.getTime() - 7 * 86_400_000), weekEnd: end };
}
export function localHour(now: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now));
}
