import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { DataBlock } from '../../../shared/contracts/assistant';
import { duplicateGroupsBlock } from './assistant-fixtures';
import { DataBlockView } from './data-block-view';

function show(block: DataBlock) {
  const router = createMemoryRouter([{ path: '*', element: <DataBlockView block={block} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('DataBlockView', () => {
  it('draws a line chart over dates, with the figures still in the table', () => {
    const { container } = show({
      tool: 'health_summary',
      title: 'Contacts health',
      caption: null,
      columns: [
        { key: 'scanned', label: 'Scanned', format: 'date' },
        { key: 'records', label: 'Records', format: 'number' },
      ],
      rows: [
        { scanned: '2025-02-01', records: 1200 },
        { scanned: '2025-03-01', records: 4800 },
      ],
      chart: { kind: 'line', x: 'scanned', series: ['records'] },
    });
    const n = new Intl.NumberFormat();
    expect(screen.getByRole('img', { name: `Contacts health: Records from ${n.format(1200)} to ${n.format(4800)}. The table below has every value.` })).toBeInTheDocument();
    expect(container.querySelector('polyline[data-series="records"]')).not.toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('draws bars per label with the value as text', () => {
    show({
      ...duplicateGroupsBlock(),
      columns: [
        { key: 'objectType', label: 'Object type', format: 'text' },
        { key: 'groups', label: 'Groups', format: 'number' },
      ],
      rows: [
        { objectType: 'Companies', groups: 48 },
        { objectType: 'Contacts', groups: 1500 },
      ],
      chart: { kind: 'bar', x: 'objectType', series: ['groups'] },
    });
    const bars = screen.getByRole('list', { name: /as bars/ });
    expect(within(bars).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`Companies48`, `Contacts${new Intl.NumberFormat().format(1500)}`]);
  });

  it('keeps a table in a named, focusable frame of its own, and says when nothing matched', () => {
    show(duplicateGroupsBlock());
    const frame = screen.getByRole('region', { name: 'Companies with the most duplicates' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(screen.getByText('From the duplicate groups')).toBeInTheDocument();
    show({ ...duplicateGroupsBlock(), title: 'Nothing', rows: [] });
    expect(screen.getByText('No rows: nothing matched.')).toBeInTheDocument();
  });
});
