function Block({ className }: { className: string }) {
  return <div className={`animate-pulse rounded-2xl bg-slate-200/70 ${className}`} />;
}

/** The dashboard's shape while its data loads, so nothing jumps when it arrives. */
export function DashboardSkeleton() {
  return (
    <div role="status" className="space-y-6">
      <span className="sr-only">Loading your dashboard…</span>
      <div aria-hidden="true" className="grid gap-6 lg:grid-cols-3">
        <div className="flex flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white p-6">
          <div className="h-40 w-40 animate-pulse rounded-full border-[14px] border-slate-200/70" />
          <Block className="h-4 w-32" />
        </div>
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6 lg:col-span-2">
          <Block className="h-4 w-40" />
          <Block className="h-14 w-full" />
          <Block className="h-14 w-full" />
          <Block className="h-14 w-5/6" />
        </div>
      </div>
      <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <Block className="h-4 w-24" />
            <Block className="h-12 w-full" />
            <Block className="h-3 w-full" />
            <Block className="h-3 w-4/5" />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white p-6">
        <Block className="h-4 w-36" />
        <Block className="mt-5 h-56 w-full" />
      </div>
    </div>
  );
}
