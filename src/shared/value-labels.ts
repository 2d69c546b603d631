/**
 * What a portal calls the ids and codes its records hold: owner ids as names, pipeline and
 * stage ids as labels, enumeration values as their options' labels. Property -> raw value -> label.
 */
export type ValueLabels = Record<string, Record<string, string>>;

/** The label of one value, or null when the portal names none (the raw value is shown then). */
export function valueLabel(labels: ValueLabels | undefined, property: string, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const label = labels?.[property]?.[value];
  return label && label !== value ? label : null;
}

/** The value as a person reads it: its label when the portal has one, else the value itself. */
export function labelledValue(labels: ValueLabels | undefined, property: string, value: string): string {
  // Multi-select values are ;-separated option values.
  if (!labels?.[property]) return value;
  if (value.includes(';')) return value.split(';').map((part) => valueLabel(labels, property, part) ?? part).join('; ');
  return valueLabel(labels, property, value) ?? value;
}

/** Only the labels these records' values need: responses carry no portal-wide catalogue. */
export function labelsFor(labels: ValueLabels, records: readonly { properties: Readonly<Record<string, unknown>> }[]): ValueLabels {
  const picked: ValueLabels = {};
  for (const record of records) {
    for (const [property, value] of Object.entries(record.properties)) {
      const known = labels[property];
      if (!known || typeof value !== 'string' || value === '') continue;
      for (const part of value.split(';')) {
        const label = known[part];
        if (label !== undefined) (picked[property] ??= {})[part] = label;
      }
    }
  }
  return picked;
}

/**
 * The label of a value whose property is not known (a match explanation names the engine's
 * field, not the property): found only when exactly one property labels it, else null.
 */
export function labelOfAny(labels: ValueLabels | undefined, value: string): string | null {
  if (!labels || value === '') return null;
  // Several properties may name it alike (a company id in two properties): one name is still one answer.
  const found = new Set(Object.values(labels).flatMap((values) => (values[value] !== undefined ? [values[value]] : [])));
  const [label] = found;
  return found.size === 1 && label !== value ? label! : null;
}
