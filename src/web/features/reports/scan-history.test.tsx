import { describe, expect, it } from 'vitest';
import { historicalTrends } from '../dashboard/dashboard-fixtures';
import { csvField, scanHistoryCsv, scanHistoryFileName, scanHistoryRows } from './scan-history';

describe('scan history CSV', () => {
  it('quotes fields with commas, quotes or line breaks, doubling the quotes, and leaves plain ones bare', () => {
    expect(csvField('Contacts')).toBe('Contacts');
    expect(csvField(82.4)).toBe('82.4');
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."');
    expect(csvField('The "big" one')).toBe('"The ""big"" one"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('keeps text a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField(-3)).toBe('-3');
  });

  it('has a header row and one row per scan, newest first, for every type or one', () => {
    const all = scanHistoryRows(historicalTrends());
    expect(all.map((row) => `${row.objectType}-${row.scanId}`)).toEqual(['companies-12', 'contacts-11', 'contacts-2', 'contacts-1']);
    const csv = scanHistoryCsv(all);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]!.split(',')).toHaveLength(10);
    expect(lines.slice(1, 5).every((line) => line.split(',').length === 10)).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(scanHistoryRows(historicalTrends(), 'companies')).toHaveLength(1);
  });

  it('names the file after the object type, the period and the local day', () => {
    expect(scanHistoryFileName(null, 90, new Date(2025, 2, 1, 23, 30))).toBe('datacleaner-scan-history-all-types-90-days-2025-03-01.csv');
    expect(scanHistoryFileName('deals', 365, new Date(2025, 11, 31))).toBe('datacleaner-scan-history-deals-365-days-2025-12-31.csv');
  });
});
