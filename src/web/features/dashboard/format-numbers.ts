// In the user's locale (the browser's), as every number and date in the app.
const counts = new Intl.NumberFormat();
const wholePercents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });
const finePercents = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** 12345 -> "12,345" ("12.345" in German). */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share of 0-1 as a percentage; small shares keep a decimal so they do not read as 0%. */
export function formatShare(share: number): string {
  return (share > 0 && share < 0.1 ? finePercents : wholePercents).format(share);
}

/** Scores are stored with one decimal; whole numbers read better at a glance. */
export function formatScore(score: number): string {
  return String(Math.round(score));
}

export function plural(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
