import { useDuplicationByField } from './api/get-duplication-by-field';
import { DashboardPanel, SectionError } from './dashboard-panel';
import { DuplicationByFieldChart } from './duplication-by-field-chart';

export function DuplicationByFieldPanel() {
  const duplication = useDuplicationByField();
  return (
    <DashboardPanel id="duplication-heading" title="Duplication by field" description="Share of scanned records whose value another record has too, from each object type's latest scan.">
      {duplication.isPending ? (
        <div role="status" className="h-40 animate-pulse rounded-xl bg-slate-100">
          <span className="sr-only">Loading duplication by field…</span>
        </div>
      ) : duplication.isError ? (
        <SectionError message="Duplication by field could not be loaded." onRetry={() => void duplication.refetch()} />
      ) : (
        <DuplicationByFieldChart data={duplication.data} />
      )}
    </DashboardPanel>
  );
}
