import { formatScore } from './format-numbers';
import { healthBand } from './health-band';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A 0-100 gauge: a ring filled to the score, in the colour of its band; one image for assistive technology. */
export function HealthScoreRing({ score, label, size = 160, strokeWidth = 12 }: { score: number; label: string; size?: number; strokeWidth?: number }) {
  const clamped = Math.min(100, Math.max(0, score));
  const band = healthBand(clamped);
  const text = formatScore(clamped);
  const small = size < 96;
  return (
    <svg viewBox="0 0 120 120" width={size} height={size} role="img" aria-label={`${label}: ${text} out of 100, ${band.label.toLowerCase()}`} className="shrink-0">
      <circle cx="60" cy="60" r={RADIUS} fill="none" stroke="#e2e8f0" strokeWidth={strokeWidth} />
      <circle
        cx="60"
        cy="60"
        r={RADIUS}
        fill="none"
        stroke={band.color}
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeDasharray={`${(clamped / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
        // Start at twelve o'clock and run clockwise.
        transform="rotate(-90 60 60)"
        className="transition-[stroke-dasharray] duration-700 ease-out"
      />
      <text x="60" y={small ? 60 : 58} textAnchor="middle" dominantBaseline="central" className="fill-slate-900 font-bold" fontSize={small ? 34 : 32}>
        {text}
      </text>
      {!small && (
        <text x="60" y="82" textAnchor="middle" className="fill-slate-500" fontSize="11">
          of 100
        </text>
      )}
    </svg>
  );
}
