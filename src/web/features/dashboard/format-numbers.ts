const counts = new Intl.NumberFormat('en');

/** 12345 -> "12,345". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share of 0-1 as a percentage; small shares keep a decimal so they do not read as 0%. */
export function formatShare(share: number): string {
  const percent = share * 100;
  if (percent > 0 && percent < 10) return `${percent.toFixed(1).replace(/\.0$/, '')}%`;
  return `${Math.round(percent)}%`;
}

/** Scores are stored with one decimal; whole numbers read better at a glance. */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
