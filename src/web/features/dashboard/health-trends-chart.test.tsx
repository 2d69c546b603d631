import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historicalTrends } from './dashboard-fixtures';
import { HealthTrendsChart } from './health-trends-chart';

describe('HealthTrendsChart', () => {
  it('draws a line per object type with scans, described in words', () => {
    const { container } = render(<HealthTrendsChart trends={historicalTrends()} />);
    expect(screen.getByRole('img', { name: 'Health score over the last 90 days, 0 to 100. Contacts: from 61 to 82 (3 scans). Companies: 55 (1 scan).' })).toBeInTheDocument();
    const lines = container.querySelectorAll('polyline[data-series]');
    expect([...lines].map((line) => line.getAttribute('data-series'))).toEqual(['contacts', 'companies']);
    // Oldest at the left edge, newest at the right; score 61 is 39% down from the top.
    expect(lines[0]!.getAttribute('points')!.split(' ')[0]).toBe('0,39');
    expect(lines[0]!.getAttribute('points')!.split(' ').at(-1)).toBe('100,17.6');
    // Deals and tickets have no scans in the period: no legend entry either.
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Contacts82', 'Companies55']);
  });

  it('hides and shows a series from its legend button', () => {
    const { container } = render(<HealthTrendsChart trends={historicalTrends()} />);
    const contacts = screen.getByRole('button', { name: /Contacts/ });
    expect(contacts).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(contacts);
    expect(contacts).toHaveAttribute('aria-pressed', 'false');
    expect([...container.querySelectorAll('polyline[data-series]')].map((line) => line.getAttribute('data-series'))).toEqual(['companies']);
    fireEvent.click(screen.getByRole('button', { name: /Companies/ }));
    expect(screen.getByText('Choose an object type above to draw its line.')).toBeInTheDocument();
    fireEvent.click(contacts);
    expect(container.querySelectorAll('polyline[data-series]')).toHaveLength(1);
  });

  it('gives every scan in a table, newest first', () => {
    render(<HealthTrendsChart trends={historicalTrends()} />);
    const table = screen.getByRole('table', { name: 'Health score of each completed scan in the last 90 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(/Contacts|Companies/);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent('Contacts');
    expect(rows[3]).toHaveTextContent('61');
    expect(rows[3]).toHaveTextContent('1,001');
  });
});
