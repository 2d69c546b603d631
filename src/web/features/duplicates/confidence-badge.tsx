/** 0.9731 -> "97.3%"; near-certain matches keep a decimal so 99.96% does not read as 100%. */
export function formatConfidence(probability: number): string {
  const percent = probability * 100;
  if (percent >= 99.95) return '>99.9%';
  return `${percent >= 90 ? percent.toFixed(1) : Math.round(percent)}%`;
}

export function confidenceTone(probability: number): string {
  if (probability >= 0.95) return 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  if (probability >= 0.8) return 'bg-amber-50 text-amber-800 ring-amber-200';
  return 'bg-slate-100 text-slate-700 ring-slate-200';
}

export function ConfidenceBadge({ probability }: { probability: number }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${confidenceTone(probability)}`}>
      {formatConfidence(probability)}
      <span className="sr-only"> match confidence</span>
    </span>
  );
}
