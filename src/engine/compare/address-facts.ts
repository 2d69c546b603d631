import { endsInRealTopLevelDomain } from '../normalize/domain';
import { Dictionary } from '../text-column';
import { letterMask } from './similarity';

/**
 * What the email comparison reads of each address, by its code, worked out on first use:
 * its letter mask (see letterMask), where its @ is, and its domain as a code of its own, so
 * that two domains compare as numbers and whether a domain is real is worked out once per
 * domain rather than sliced and looked up for each of millions of pairs. Each address's
 * facts are kept with the address they were worked out for, and worked out again when a
 * code's address is another (a record matched against an index takes one code in turn).
 */
export class AddressFacts {
  private of: (string | undefined)[];
  private masks: Int32Array;
  private ats: Int32Array;
  /** Domain code + 1, 0 until worked out. */
  private domainCodes: Int32Array;
  private readonly domains = new Dictionary();
  /** By domain code: 0 not yet known, 1 no, 2 yes. */
  private real = new Uint8Array(64);

  constructor(private readonly text: readonly string[]) {
    this.of = new Array<string | undefined>(text.length);
    this.masks = new Int32Array(text.length);
    this.ats = new Int32Array(text.length);
    this.domainCodes = new Int32Array(text.length);
  }

  /** The letter mask of the address of `code`; its other facts are ready after this. */
  mask(code: number): number {
    const address = this.text[code]!;
    if (this.of[code] !== address) this.learn(code, address);
    return this.masks[code]!;
  }

  /** Where the address's @ is, -1 without one (after mask). */
  at(code: number): number {
    return this.ats[code]!;
  }

  /** The address's domain (what follows its last @, the whole address without one) as a code, 0 for none (after mask). */
  domain(code: number): number {
    let domain = this.domainCodes[code]! - 1;
    if (domain === -1) {
      const address = this.text[code]!;
      this.domainCodes[code] = (domain = this.domains.code(address.slice(this.ats[code]! + 1))) + 1;
    }
    return domain;
  }

  /** A domain's text by its code. */
  domainText(domain: number): string {
    return this.domains.values[domain]!;
  }

  /** Whether a domain ends in a real top-level domain (see endsInRealTopLevelDomain). */
  realDomain(domain: number): boolean {
    if (domain >= this.real.length) {
      const grown = new Uint8Array(Math.max(domain + 1, this.real.length * 2));
      grown.set(this.real);
      this.real = grown;
    }
    let known = this.real[domain]!;
    if (known === 0) this.real[domain] = known = endsInRealTopLevelDomain(this.domainText(domain)) ? 2 : 1;
    return known === 2;
  }

  private learn(code: number, address: string): void {
    if (code >= this.masks.length) this.grow(code + 1);
    this.masks[code] = letterMask(address);
    this.ats[code] = address.lastIndexOf('@');
    this.domainCodes[code] = 0;
    this.of[code] = address;
  }

  private grow(size: number): void {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(Math.max(size, from.length * 2));
      to.set(from);
      return to;
    };
    this.masks = grown(this.masks);
    this.ats = grown(this.ats);
    this.domainCodes = grown(this.domainCodes);
  }
}
