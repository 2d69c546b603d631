import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { duplicationByField } from './dashboard-fixtures';
import { DuplicationByFieldChart } from './duplication-by-field-chart';

describe('DuplicationByFieldChart', () => {
  it('lists the fields of each object type that has any, most repeated first, with bars to scale', () => {
    const { container } = render(<DuplicationByFieldChart data={duplicationByField()} />);
    expect(screen.getByRole('heading', { name: /Contacts/ })).toHaveTextContent('1,200 records scanned');
    // Companies has no key fields to show.
    expect(screen.queryByRole('heading', { name: /Companies/ })).not.toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: /Contacts/ })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Phone number10% · 120 records', 'Email3% · 36 records']);
    expect(screen.getByText('Phone number')).toHaveAttribute('title', 'phone, mobilephone');
    const widths = [...container.querySelectorAll('svg rect:nth-child(2)')].map((rect) => Number(rect.getAttribute('width')));
    expect(widths[0]).toBe(100);
    expect(widths[1]).toBeCloseTo(30);
  });

  it('says so when no field repeats', () => {
    render(<DuplicationByFieldChart data={{ objects: [{ objectType: 'deals', scanId: 1, timestamp: new Date().toISOString(), totalRecords: 10, fields: [] }] }} />);
    expect(screen.getByText(/No key field repeats across records/)).toBeInTheDocument();
  });
});
