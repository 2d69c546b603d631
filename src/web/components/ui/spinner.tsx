export function Spinner({ className = 'h-5 w-5' }: { className?: string }) {
  return <span aria-hidden="true" className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`} />;
}

/** A centred spinner with a text for everyone (not only screen readers). */
export function LoadingState({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-500 ${className}`}>
      <Spinner className="h-8 w-8 text-brand-600" />
      <p className="text-sm font-medium">{label}</p>
    </div>
  );
}
