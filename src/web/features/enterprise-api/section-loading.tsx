import { Spinner } from '../../components/ui/spinner';

/** A section's own loading line: the page around it is already there. */
export function SectionLoading({ label }: { label: string }) {
  return (
    <div role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-500">
      <Spinner className="h-4 w-4 text-brand-600" />
      {label}
    </div>
  );
}
