/** A thin horizontal bar, `fraction` (0-1) of the width filled: drawing only, its number is text beside it. */
export function MeterBar({ fraction, color }: { fraction: number; color: string }) {
  return (
    <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" className="mt-1.5 block h-2 w-full">
      <rect x="0" y="0" width="100" height="6" rx="3" fill="#f1f5f9" />
      {/* A value above zero keeps a sliver, so it never reads as nothing. */}
      {fraction > 0 && <rect x="0" y="0" width={Math.max(1.5, Math.min(1, fraction) * 100)} height="6" rx="3" fill={color} />}
    </svg>
  );
}
