import { describe, expect, it } from 'vitest';
import { demoApiUrl, isDemoMode } from './demo-mode';

describe('demo mode', () => {
  it('is on for paths starting with /demo, or everywhere when the build forces it', () => {
    expect(isDemoMode('/demo', false)).toBe(true);
    expect(isDemoMode('/demo/reports', false)).toBe(true);
    expect(isDemoMode('/dashboard', false)).toBe(false);
    expect(isDemoMode('/dashboard', true)).toBe(true);
  });
});

describe('demoApiUrl (SPEC.md section 7)', () => {
  it.each([
    '/api/settings',
    '/api/settings/ai',
    '/api/settings/last-scan',
    '/api/hubspot/status',
    '/api/hubspot/results',
    '/api/hubspot/recommendations',
    '/api/hubspot/historical-trends',
    '/api/hubspot/duplication-by-field',
    '/api/user',
  ])('maps %s to the same path under /api/demo/', (path) => {
    expect(demoApiUrl(path, { write: false })).toBe(`/api/demo/${path.slice(5)}`);
    expect(demoApiUrl(path, { write: true })).toBe(`/api/demo/${path.slice(5)}`);
  });

  it.each([
    ['/api/objects/contacts', '/api/demo/objects/contacts'],
    ['/api/duplicates/42', '/api/demo/duplicates/42'],
    ['/api/cleanup/merge', '/api/demo/cleanup/merge'],
    ['/api/assistant/history', '/api/demo/assistant/history'],
    ['/api/enterprise/keys', '/api/demo/enterprise/keys'],
    ['/api/hubspot/anything-else', '/api/demo/hubspot/anything-else'],
    ['/api/settings/notifications', '/api/demo/settings/notifications'],
    ['/api/user/preferences', '/api/demo/user/preferences'],
    ['/api/duplicates/?page=2&size=20', '/api/demo/duplicates/?page=2&size=20'],
  ])('inserts /demo/ after /api/ in %s', (path, demo) => {
    expect(demoApiUrl(path, { write: false })).toBe(demo);
  });

  it('rewrites /api/ai/ for writes only', () => {
    expect(demoApiUrl('/api/ai/chat', { write: true })).toBe('/api/demo/ai/chat');
    expect(demoApiUrl('/api/ai/chat', { write: false })).toBe('/api/ai/chat');
  });

  it.each(['/api/login', '/api/logout', '/api/register', '/api/auth/send-verification', '/api/scans', '/api/duplicates', '/api/health'])('leaves %s alone', (path) => {
    expect(demoApiUrl(path, { write: true })).toBe(path);
    expect(demoApiUrl(path, { write: false })).toBe(path);
  });
});
