/** How a 0-100 score reads: the same three bands and colours everywhere on the dashboard. */
export interface HealthBand {
  label: string;
  /** Stroke/fill colour for SVG. */
  color: string;
  /** Tailwind classes for a badge. */
  badge: string;
}

const GOOD: HealthBand = { label: 'Healthy', color: '#10b981', badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' };
const FAIR: HealthBand = { label: 'Fair', color: '#f59e0b', badge: 'bg-amber-50 text-amber-800 ring-amber-600/20' };
const POOR: HealthBand = { label: 'Needs attention', color: '#ef4444', badge: 'bg-red-50 text-red-800 ring-red-600/20' };

export function healthBand(score: number): HealthBand {
  if (score >= 80) return GOOD;
  if (score >= 60) return FAIR;
  return POOR;
}
