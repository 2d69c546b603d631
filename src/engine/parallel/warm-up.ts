import { OBJECT_TYPES, type ObjectType } from '../../shared/object-types';
import { objectModel } from '../models';
import { compareRange } from '../score/comparison-vectors';
import { resolveEngineSettings } from '../settings';
import type { EngineRecord } from '../types';
import { prepareSlice } from './transfer';

/**
 * A fresh thread runs the engine's code slowly until V8 has compiled it (its first 25,000
 * contacts took twice as long as the next). Working through a few thousand made-up
 * records of each type once, when the thread starts, spares the first real scan that.
 */
export function warmUp(recordsPerType = 1000): void {
  const settings = resolveEngineSettings({ enablePhoneticMatching: true });
  for (const objectType of OBJECT_TYPES) {
    const model = objectModel(objectType);
    const data = prepareSlice(model, warmUpRecords(objectType, recordsPerType), settings);
    const comparisons = model.comparisons(data, settings);
    // Each record against a few of its neighbours: like records sit together, as blocked pairs do.
    const count = (data.size - 4) * 4;
    const left = new Int32Array(count);
    const right = new Int32Array(count);
    for (let k = 0; k < count; k++) {
      left[k] = k >> 2;
      right[k] = (k >> 2) + (k & 3) + 1;
    }
    compareRange(comparisons, left, right, 0, count);
  }
}

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'William', 'Elizabeth', 'David', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Bob', 'Bill', 'Liz', 'Jim', 'José', 'Zoë'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', "O'Brien", 'Müller', 'van der Berg'];
const COMPANY = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark Industries', 'Wayne Enterprises', 'Hooli', 'Vandelay Industries', 'Soylent', 'Wonka', 'Cyberdyne Systems', 'Tyrell'];
const SUFFIX = ['', ' Inc', ' Inc.', ' LLC', ' Ltd', ' GmbH', ' Corp', ' & Co'];
const CITY = ['Springfield', 'Boston', 'Austin', 'Denver', 'Portland', 'Chicago', 'London', 'Berlin', 'Paris', 'Sydney'];
const COUNTRY = ['United States', 'USA', 'US', '', 'United Kingdom', 'Germany', 'France', 'Australia'];
const STREET = ['Main St', 'Oak Avenue', 'Maple Rd', 'Elm Street', 'High St', 'Park Blvd'];
const PHONE = ['(###) ###-####', '###-###-####', '+1 ### ### ####', '###.###.####', '##########', '+44 20 #### ####', '030 #######'];
const SUBJECT = ['Cannot log in', 'Invoice is wrong', 'Refund request', 'Password reset not working', 'Export fails', 'Question about pricing'];

/** Records of one type in the shapes CRM data comes in, from a fixed seed: the same every time. */
export function warmUpRecords(objectType: ObjectType, count: number): EngineRecord[] {
  let state = 20240601;
  const next = (n: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const pick = <T>(values: readonly T[]) => values[next(values.length)]!;
  const digits = (pattern: string) => pattern.replace(/#/g, () => String(next(8) + 2));
  const day = () => new Date(Date.UTC(2020 + next(6), next(12), next(28) + 1)).toISOString();
  const records: EngineRecord[] = [];
  for (let i = 0; i < count; i++) {
    const first = pick(FIRST);
    const last = pick(LAST);
    const company = pick(COMPANY);
    const domain = `${company.toLowerCase().replace(/\W+/g, '')}.com`;
    const properties: Record<string, unknown> = {
      contacts: {
        firstname: next(10) === 0 ? first.toUpperCase() : first,
        lastname: last,
        email: next(4) === 0 ? `${first}.${last}${next(100)}@gmail.com`.toLowerCase() : `${first[0]}${last}@${domain}`.toLowerCase(),
        phone: digits(pick(PHONE)),
        company: company + pick(SUFFIX),
        address: `${next(900) + 1} ${pick(STREET)}`,
        city: pick(CITY),
        zip: String(10000 + next(89999)),
        country: pick(COUNTRY),
      },
      companies: { name: company + pick(SUFFIX), domain: next(2) ? domain : `https://www.${domain}/about`, phone: digits(pick(PHONE)), address: `${next(900) + 1} ${pick(STREET)}`, city: pick(CITY), country: pick(COUNTRY) },
      deals: { dealname: `${company} - ${pick(['Renewal', 'Expansion', 'New business'])} ${2020 + next(6)}`, company, amount: String(next(100) * 500), closedate: day() },
      tickets: { subject: `${pick(SUBJECT)}${next(3) ? '' : ' (urgent)'}`, content: `${pick(SUBJECT)} since ${day().slice(0, 10)}. ${first} ${last}`, hs_requester_email: `${first}@${domain}`.toLowerCase(), createdate: day() },
    }[objectType] as Record<string, unknown>;
    // A ticket asked again the next day by its customer: tickets match only on who asked and when.
    const previous = records.at(-1)?.properties;
    if (objectType === 'tickets' && previous && next(4) === 0) {
      Object.assign(properties, { ...previous, subject: `Re: ${String(previous.subject)}`, createdate: new Date(Date.parse(String(previous.createdate)) + 86_400_000).toISOString() });
    }
    records.push({ id: String(i + 1), properties, updatedAt: day() });
  }
  return records;
}
