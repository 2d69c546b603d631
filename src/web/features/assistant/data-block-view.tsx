import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { DataBlock } from '../../../shared/contracts/assistant';
import { BlockChart } from './block-chart';
import { formatCell, isLinkCell, type Cell, type ColumnFormat } from './format-cell';

const TOOL_NAMES: Readonly<Record<DataBlock['tool'], string>> = {
  health_summary: 'the health summary',
  duplicate_groups: 'the duplicate groups',
  duplicate_group: "a duplicate group's evidence",
  quality_records: 'records by quality flag',
  matching_settings: 'your matching settings',
  recommendations: 'the recommendations',
};

export function toolName(tool: DataBlock['tool']): string {
  return TOOL_NAMES[tool];
}

const RIGHT_ALIGNED: ReadonlySet<ColumnFormat> = new Set(['number', 'percent']);

/** Whether the element is wider inside than out; followed as the page resizes. */
function useOverflowsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return { ref, overflows };
}

function CellContent({ cell, format }: { cell: Cell; format: ColumnFormat }) {
  if (isLinkCell(cell)) {
    const className = 'font-medium text-brand-700 underline-offset-2 hover:underline';
    // App paths open in the app (the demo's arrive /demo-prefixed); anything else is another site.
    return cell.href.startsWith('/') ? (
      <Link to={cell.href} className={className}>
        {cell.label}
      </Link>
    ) : (
      <a href={cell.href} target="_blank" rel="noreferrer" className={className}>
        {cell.label}
      </a>
    );
  }
  return <>{formatCell(cell, format)}</>;
}

/**
 * A tool's result as it returned it: a real table (and a chart when the tool asked for one).
 * A table wider than the screen scrolls inside its own frame, says so, and shows a shadow
 * at the edge that has more, so no column is cut off without a sign.
 */
export function DataBlockView({ block }: { block: DataBlock }) {
  const titleId = useId();
  const hintId = useId();
  const { ref, overflows } = useOverflowsSideways();
  return (
    <figure aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <figcaption>
        <h3 id={titleId} className="text-sm font-semibold text-slate-900">
          {block.title}
        </h3>
        {block.caption && <p className="mt-0.5 text-xs text-slate-500">{block.caption}</p>}
        <p className="mt-0.5 text-xs text-slate-500">From {toolName(block.tool)}</p>
      </figcaption>
      {block.chart && (
        <div className="mt-4">
          <BlockChart block={block} />
        </div>
      )}
      {block.rows.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">No rows: nothing matched.</p>
      ) : (
        <>
          <div
            ref={ref}
            role="region"
            aria-labelledby={titleId}
            aria-describedby={overflows ? hintId : undefined}
            // Focusable so a keyboard can scroll it sideways.
            tabIndex={0}
            className="scroll-shadows mt-3 overflow-x-auto rounded-lg border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <table className="min-w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {block.columns.map((column) => (
                    <th key={column.key} scope="col" className={`whitespace-nowrap px-2.5 py-2 font-medium sm:px-3 ${RIGHT_ALIGNED.has(column.format) ? 'text-right' : ''}`}>
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {block.rows.map((row, i) => (
                  <tr key={i}>
                    {block.columns.map((column) => (
                      <td
                        key={column.key}
                        className={`px-2.5 py-2 align-top sm:px-3 ${column.format === 'text' || column.format === 'link' ? 'min-w-32 max-w-xs' : 'whitespace-nowrap'} ${RIGHT_ALIGNED.has(column.format) ? 'text-right tabular-nums' : ''}`}
                      >
                        <CellContent cell={row[column.key] ?? null} format={column.format} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {overflows && (
            <p id={hintId} className="mt-1.5 text-xs text-slate-500">
              Scroll sideways to see every column →
            </p>
          )}
        </>
      )}
    </figure>
  );
}
