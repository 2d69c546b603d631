/**
 * Stripe's request encoding: `a[b][0][c]=x` pairs (form bodies and query strings) into nested
 * objects, with all-digit keys turned into arrays, as Stripe reads them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(name: string): string[] {
  const first = name.indexOf('[');
  if (first === -1) return [name];
  const rest = [...name.slice(first).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [name.slice(0, first), ...rest];
}

function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const entries = Object.entries(value).map(([key, item]) => [key, withArrays(item)] as const);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, item]) => item);
  }
  return Object.fromEntries(entries);
}

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = keyPath(name);
    let node = root;
    path.forEach((key, index) => {
      const segment = key === '' ? String(Object.keys(node).length) : key;
      if (index === path.length - 1) {
        node[segment] = value;
        return;
      }
      const next = node[segment];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = {};
      node = node[segment] as FormObject;
    });
  }
  return withArrays(root) as FormObject;
}
