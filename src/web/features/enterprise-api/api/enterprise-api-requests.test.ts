import { describe, expect, it } from 'vitest';
import { requestLogQuery } from './enterprise-api-requests';

describe('requestLogQuery', () => {
  const now = Date.parse('2026-11-25T10:30:45Z');

  it('sends only the filters that narrow anything', () => {
    expect(requestLogQuery({ status: 'all', endpoint: '  ', page: 1 }, now)).toBe('page=1&pageSize=20');
    expect(requestLogQuery({ status: 'error', endpoint: ' /api/v1/duplicates ', page: 3 }, now)).toBe('page=3&pageSize=20&status=error&endpoint=%2Fapi%2Fv1%2Fduplicates');
  });

  it('starts a time range at the minute, so the query holds still within it', () => {
    expect(requestLogQuery({ status: 'all', endpoint: '', page: 1, range: 'hour' }, now)).toBe(`page=1&pageSize=20&from=${encodeURIComponent('2026-11-25T09:30:00.000Z')}`);
    expect(requestLogQuery({ status: 'all', endpoint: '', page: 1, range: 'week' }, now + 10_000)).toContain(encodeURIComponent('2026-11-18T10:30:00.000Z'));
  });
});
