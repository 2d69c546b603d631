/** How people retype the same text: the variants that make deal and ticket duplicates look real. */
import type { SeededRandom } from './seeded-random';

const KEYBOARD_NEIGHBOURS: Record<string, string> = {
  a: 'qsz', b: 'vgn', c: 'xdv', d: 'sfe', e: 'wrd', f: 'dgr', g: 'fht', h: 'gjy', i: 'uok', j: 'hku', k: 'jli', l: 'kop',
  m: 'nk', n: 'bmj', o: 'ipl', p: 'ol', q: 'wa', r: 'etf', s: 'adw', t: 'rgy', u: 'yji', v: 'cbf', w: 'qes', x: 'zcs',
  y: 'tuh', z: 'xa',
};

/** One keying slip: a dropped, doubled, swapped or neighbouring letter. */
export function typo(text: string, random: SeededRandom): string {
  const letters = [...text].map((char, i) => (/\p{L}/u.test(char) ? i : -1)).filter((i) => i > 0);
  if (letters.length === 0) return text;
  const at = random.pick(letters);
  const char = text.charAt(at);
  switch (random.int(4)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + char + text.slice(at);
    case 2:
      return at + 1 < text.length ? text.slice(0, at) + text.charAt(at + 1) + char + text.slice(at + 2) : text.slice(0, at);
    default: {
      const neighbours = KEYBOARD_NEIGHBOURS[char.toLowerCase()];
      if (!neighbours) return text.slice(0, at) + text.slice(at + 1);
      const swap = random.pick([...neighbours]);
      return text.slice(0, at) + (char === char.toUpperCase() ? swap.toUpperCase() : swap) + text.slice(at + 1);
    }
  }
}

/** Same words, other spelling: case, spacing, punctuation. */
export function formatVariant(text: string, random: SeededRandom): string {
  switch (random.int(5)) {
    case 0:
      return text.toLowerCase();
    case 1:
      return text.toUpperCase();
    case 2:
      return text.includes(' - ') ? text.replace(' - ', ': ') : `${text}.`;
    case 3:
      return text.replace(' ', '  ');
    default:
      return `${text} `;
  }
}

const LEGAL_SUFFIX = /[,]?\s+(Inc\.?|LLC|Ltd\.?|GmbH|Corp\.?|Corporation|Co\.|S\.A\.|SARL|PLC|Group)$/i;
const SUFFIXES = ['Inc.', 'Inc', 'LLC', 'Ltd', 'Corp.', 'Corporation', 'Co.'];

/** "Acme Corp." ↔ "Acme" ↔ "Acme, Inc.": the legal form comes and goes. */
export function companySuffixVariant(name: string, random: SeededRandom): string {
  if (LEGAL_SUFFIX.test(name)) return random.chance(0.6) ? name.replace(LEGAL_SUFFIX, '') : name.replace(LEGAL_SUFFIX, `, ${random.pick(SUFFIXES)}`);
  return `${name}${random.chance(0.3) ? ',' : ''} ${random.pick(SUFFIXES)}`;
}
