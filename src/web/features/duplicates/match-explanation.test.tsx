import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MatchExplanation } from './match-explanation';

const pair = {
  a: '101',
  b: '102',
  weight: 6.2,
  probability: 0.987,
  priorWeight: -9.1,
  fields: [
    { field: 'created', label: 'Created', level: 'within a day', exact: false, weight: 3.1, valueA: '2024-07-12T00:50:04.128Z', valueB: '2024-07-12T09:15:00.000Z' },
    { field: 'category', label: 'Category', level: 'exact', exact: true, weight: 2.4, valueA: 'PRODUCT_ISSUE', valueB: 'PRODUCT_ISSUE' },
  ],
};

describe('MatchExplanation', () => {
  it('shows compared times as dates in the reader’s locale and codes by the portal’s labels, not as stored', () => {
    render(<MatchExplanation pair={pair} nameOf={(id) => `Ticket ${id}`} labels={{ hs_ticket_category: { PRODUCT_ISSUE: 'Product issue' } }} />);
    const created = screen.getByText('Created').closest('li')!;
    expect(created.textContent).not.toContain('2024-07-12T');
    expect(created.textContent).toContain(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date('2024-07-12T09:15:00.000Z')));
    const category = screen.getByText('Category').closest('li')!;
    expect(category.textContent).toContain('Product issue');
    expect(category.textContent).not.toContain('PRODUCT_ISSUE');
  });

  it('signs a weight by the figure shown: a tiny negative reads ±0.0, not −0.0', () => {
    const tiny = { ...pair, fields: [{ field: 'pipeline', label: 'Pipeline', level: 'exact', exact: true, weight: -0.04, valueA: 'default', valueB: 'default' }] };
    render(<MatchExplanation pair={tiny} nameOf={(id) => `Deal ${id}`} />);
    const pipeline = screen.getByText('Pipeline').closest('li')!;
    expect(pipeline.textContent).toContain('±0.0 bits');
    expect(pipeline.textContent).not.toContain('−0.0');
    expect(screen.getByText('Starting point').closest('li')!.textContent).toContain('−9.1 bits');
  });
});
