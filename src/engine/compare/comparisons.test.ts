import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { numberedApart, oneSlipApart } from './comparisons';

/** What numberedApart says, written plainly with slices and patterns, as it was before it read in place (oneSlipApart unchanged). */
function plainly(a: string, b: string): 'twin' | 'numbered' | null {
  const localA = a.slice(0, a.lastIndexOf('@'));
  const localB = b.slice(0, b.lastIndexOf('@'));
  if (localA === localB) return null;
  const stem = localA.replace(/\d+$/, '');
  if (stem === '' || stem !== localB.replace(/\d+$/, '')) return null;
  if (stem === localA || stem.length === localB.length) return 'twin';
  return oneSlipApart(localA.slice(stem.length), localB.slice(stem.length)) ? null : 'numbered';
}

describe('numberedApart', () => {
  it('tells a mailbox numbered from its twin and from another number', () => {
    expect(numberedApart('peter@brightpath.com', 'peter2@brightpath.com')).toBe('twin');
    expect(numberedApart('james.jones80@gmail.com', 'james.jones54@yahoo.com')).toBe('numbered');
    // One slip of a key: likely one person.
    expect(numberedApart('jdoe1980@gmail.com', 'jdoe1908@gmail.com')).toBeNull();
    expect(numberedApart('jdoe80@gmail.com', 'jdoe80@yahoo.com')).toBeNull();
    expect(numberedApart('80@gmail.com', '81@gmail.com')).toBeNull();
    expect(numberedApart('karen@gmail.com', 'peter2@gmail.com')).toBeNull();
  });

  it('says what the plain reading says for any two addresses, with or without an @', () => {
    // Few characters, so that stems, digits and @ meet often.
    const address = fc.string({ unit: fc.constantFrom('a', 'b', '.', '1', '2', '8', '0', '@'), maxLength: 12 });
    fc.assert(
      fc.property(address, address, (a, b) => {
        expect(numberedApart(a, b)).toBe(plainly(a, b));
      }),
      { numRuns: 20_000 },
    );
  });
});
