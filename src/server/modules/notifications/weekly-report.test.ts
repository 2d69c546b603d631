import { describe, expect, it } from 'vitest';
import { localHour, weekBounds } from './weekly-report';

const iso = (bounds: { weekStart: Date; weekEnd: Date }) => [bounds.weekStart.toISOString(), bounds.weekEnd.toISOString()];
const HOUR = 3_600_000;

describe('weekBounds', () => {
  it('is the Monday-to-Monday week that ended last, in UTC', () => {
    // Wednesday 25 November 2026.
    expect(iso(weekBounds(new Date('2026-11-25T12:00:00Z'), 'UTC'))).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    // Monday 00:00 exactly: the week that just ended.
    expect(iso(weekBounds(new Date('2026-11-23T00:00:00Z'), 'UTC'))).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
    // Sunday 23:59: still the week before.
    expect(iso(weekBounds(new Date('2026-11-22T23:59:59Z'), 'UTC'))).toEqual(['2026-11-09T00:00:00.000Z', '2026-11-16T00:00:00.000Z']);
  });

  it('counts in the user\'s zone: a Monday morning in Tokyo is still Sunday in UTC', () => {
    expect(iso(weekBounds(new Date('2026-11-22T23:30:00Z'), 'Asia/Tokyo'))).toEqual(['2026-11-15T15:00:00.000Z', '2026-11-22T15:00:00.000Z']);
    expect(iso(weekBounds(new Date('2026-11-23T03:00:00Z'), 'America/Los_Angeles'))).toEqual(['2026-11-09T08:00:00.000Z', '2026-11-16T08:00:00.000Z']);
  });

  it('has 167 hours in the week clocks spring forward and 169 in the week they fall back', () => {
    // Europe moves its clocks on the last Sundays of March and October.
    const spring = weekBounds(new Date('2026-04-01T12:00:00Z'), 'Europe/Berlin');
    expect(iso(spring)).toEqual(['2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(spring.weekEnd.getTime() - spring.weekStart.getTime()).toBe(167 * HOUR);
    const autumn = weekBounds(new Date('2026-10-28T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn)).toEqual(['2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(autumn.weekEnd.getTime() - autumn.weekStart.getTime()).toBe(169 * HOUR);
    // The US changes on a Sunday at 2:00: Monday midnights on either side are 7 and 8 hours from UTC.
    expect(iso(weekBounds(new Date('2026-03-10T12:00:00Z'), 'America/New_York'))).toEqual(['2026-03-02T05:00:00.000Z', '2026-03-09T04:00:00.000Z']);
  });

  it('treats a zone Intl does not know as UTC', () => {
    expect(iso(weekBounds(new Date('2026-11-25T12:00:00Z'), 'Not/AZone'))).toEqual(['2026-11-16T00:00:00.000Z', '2026-11-23T00:00:00.000Z']);
  });
});

describe('localHour', () => {
  it('is the hour the zone\'s clocks show, 0 to 23', () => {
    expect(localHour(new Date('2026-11-25T07:59:00Z'), 'UTC')).toBe(7);
    expect(localHour(new Date('2026-11-25T00:30:00Z'), 'UTC')).toBe(0);
    expect(localHour(new Date('2026-11-25T07:00:00Z'), 'Europe/Berlin')).toBe(8);
    expect(localHour(new Date('2026-11-25T13:00:00Z'), 'Asia/Kolkata')).toBe(18);
  });

  it('follows the clocks across a DST change', () => {
    // 8:00 in Berlin is 7:00 UTC in winter and 6:00 UTC in summer.
    expect(localHour(new Date('2026-03-28T07:00:00Z'), 'Europe/Berlin')).toBe(8);
    expect(localHour(new Date('2026-03-30T06:00:00Z'), 'Europe/Berlin')).toBe(8);
    // The night clocks spring forward goes from 1:59 to 3:00.
    expect(localHour(new Date('2026-03-29T00:59:00Z'), 'Europe/Berlin')).toBe(1);
    expect(localHour(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(3);
  });
});
