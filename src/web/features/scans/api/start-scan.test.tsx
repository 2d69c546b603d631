import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { scanRun } from '../scan-fixtures';
import { startScan } from './start-scan';

const inProgress = () => json({ message: 'A scan is already running. Wait for it to finish, or cancel it.', code: 'SCAN_IN_PROGRESS' }, 409);

describe('startScan', () => {
  it('POSTs /api/scans and gives the new run', async () => {
    const api = fakeApi({ 'POST /api/scans': () => json(scanRun({ id: 9, status: 'queued' }), 202) });
    await expect(startScan()).resolves.toMatchObject({ id: 9, status: 'queued' });
    expect(api.callsTo('POST', '/api/scans')[0]?.init?.credentials).toBe('include');
  });

  it('attaches to the running scan on 409 SCAN_IN_PROGRESS', async () => {
    fakeApi({ 'POST /api/scans': inProgress, 'GET /api/settings/last-scan': () => json({ lastScan: scanRun({ id: 31, trigger: 'schedule' }) }) });
    await expect(startScan()).resolves.toMatchObject({ id: 31, trigger: 'schedule' });
  });

  it('keeps the 409 when no scan turns out to be running', async () => {
    fakeApi({ 'POST /api/scans': inProgress, 'GET /api/settings/last-scan': () => json({ lastScan: scanRun({ status: 'completed' }) }) });
    await expect(startScan()).rejects.toThrow('409: ');
  });

  it('passes other refusals on', async () => {
    fakeApi({ 'POST /api/scans': () => json({ message: 'Connect HubSpot in Settings before running a scan.', code: 'HUBSPOT_NOT_CONNECTED' }, 409) });
    await expect(startScan()).rejects.toThrow('HUBSPOT_NOT_CONNECTED');
  });
});
