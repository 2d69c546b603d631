import type { ReactNode } from 'react';
import { labelledValue, type ValueLabels } from '../../shared/value-labels';

/**
 * A property value by the portal's name for it (an owner's name for an owner id, a stage's
 * label for its id, an option's label for its code), the raw value on hover; a value the
 * portal names nothing shows as `fallback` (or itself).
 */
export function LabelledValue({ labels, property, value, fallback }: { labels: ValueLabels | undefined; property: string; value: string; fallback?: ReactNode }) {
  const text = labelledValue(labels, property, value);
  if (text === value) return <>{fallback ?? value}</>;
  return <span title={value}>{text}</span>;
}
