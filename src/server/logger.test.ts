import { describe, expect, it } from 'vitest';
import { redactQuery } from './logger';

describe('redactQuery', () => {
  it('blanks one-time codes and tokens in a logged URL and keeps the rest', () => {
    expect(redactQuery('/api/hubspot/callback?code=abc123&state=xyz&hubspot=1')).toBe('/api/hubspot/callback?code=%5Bredacted%5D&state=%5Bredacted%5D&hubspot=1');
    expect(redactQuery('/verify?Token=secret')).not.toContain('secret');
    expect(redactQuery('/api/scans')).toBe('/api/scans');
  });
});
