import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import { buildMatchIndex, matchRecord } from '../match/match-index';
import { resolveEngineSettings } from '../settings';
import { backgroundContacts } from '../test/fixtures';
import type { EngineRecord } from '../types';
import fc from 'fast-check';
import { doubleMetaphone } from 'double-metaphone';
import { contactsModel, firstNamesDiffer } from './contacts';
import { letterMask } from '../compare/similarity';
import { givenNamesClearlyDiffer, mayBeMistyped, mistypedName } from '../normalize/person-name';
import { similarNames } from '../compare/comparisons';
import { blockPairs } from '../block/block-pairs';

const settings = resolveEngineSettings();

/** The level two records reach on one comparison of the contacts model. */
function levelOf(field: string, a: Record<string, string>, b: Record<string, string>): string {
  const data = contactsModel.prepare([{ id: 'a', properties: a }, { id: 'b', properties: b }], settings);
  const comparison = contactsModel.comparisons(data, settings).find((c) => c.name === field)!;
  const level = comparison.compare(0, 1);
  return level === 255 ? 'missing' : comparison.levels[level]!.label;
}

describe('first names', () => {
  it.each([
    ['Noe', 'Brandon', 'clearly different (two people)'],
    ['Bob', 'Robert', 'same name (nickname)'],
    ['J', 'James', 'an initial or short form of the other'],
    ['Ced', 'Cedric', 'an initial or short form of the other'],
    ['Jayden', 'Jayaned', 'similar (Jaro-Winkler ≥ 0.80)'],
  ])('%s and %s: %s', (a, b, label) => {
    expect(levelOf('firstname', { firstname: a, lastname: 'Hoppe' }, { firstname: b, lastname: 'Hoppe' })).toBe(label);
  });

  it('names swapped, one record lacking the other name ("Macdonald Dylan", "Dylan")', () => {
    expect(levelOf('firstname', { firstname: 'Macdonald', lastname: 'Dylan' }, { firstname: 'Dylan', lastname: '' })).toBe('first and last name swapped');
  });

  it('colleagues with one surname at one company are never grouped, not even through a third record', () => {
    const collier = (id: string, firstname: string, email: string, company: string, city: string, phone = ''): EngineRecord => ({
      id,
      properties: { firstname, lastname: 'Hoppe', email, company, city, phone },
    });
    const records = [
      ...backgroundContacts(300),
      collier('noe', 'Noe', 'nhoppe@collier.com', 'Collier Co.', 'Hettingerberg'),
      collier('noe-2', 'Noe', 'nhoppe@collier.com', 'Collier Corp', 'Hettingerberg', '(847) 555-0101'),
      collier('brandon', 'Brandon', 'bhoppe@collier.com', 'Collier Corp', 'Skokie', '(847) 555-0101'),
      collier('alexandre', 'Alexandre', 'ahoppe@collier.com', 'Collier Co.', 'Pasadena'),
      collier('nathan', 'Nathan', 'nhoppe2@collier.com', 'Collier Co.', 'Hettingerberg'),
    ];
    const groups = findDuplicates(records, 'contacts').groups.map((g) => g.recordIds.filter((id) => !id.startsWith('bg-')));
    expect(groups).toContainEqual(['noe', 'noe-2']);
    for (const group of groups) expect(group.filter((id) => id !== 'noe-2').map((id) => id.replace(/-\d$/, '')).filter((id, i, all) => all.indexOf(id) === i).length).toBeLessThanOrEqual(1);
  });

  it('the real-time match weighs clearly different first names as a scan does', () => {
    const noe = { firstname: 'Noe', lastname: 'Hoppe', email: 'nhoppe@collier.com', company: 'Collier Co.', city: 'Skokie', phone: '(847) 555-0101' };
    const index = buildMatchIndex([...backgroundContacts(300), { id: 'noe', properties: noe }], 'contacts');
    expect(matchRecord(index, { ...noe, email: 'noe.hoppe@gmail.com' }).map((c) => c.id)).toEqual(['noe']);
    expect(matchRecord(index, { ...noe, firstname: 'Brandon', email: 'bhoppe@collier.com', phone: '' })).toEqual([]);
    const fields = index.state.comparisons.find((c) => c.name === 'firstname')!.levels.map((l) => l.label);
    expect(fields).toContain('clearly different (two people)');
  });
});

describe('one company, two people', () => {
  it('one company line with two different extensions is two people; an extension on one side only is the same number', () => {
    expect(levelOf('phone', { phone: '908 858 8660 ext. 325' }, { phone: '(908) 858-8660 x907' })).toBe('one line, different extensions (two people)');
    expect(levelOf('phone', { phone: '908 858 8660 ext. 325' }, { phone: '(908) 858-8660' })).toBe('same number');
  });

  it('the same mailbox numbered at one company is two people ("peter@", "peter2@"), not at a webmail provider', () => {
    const peter = { firstname: 'Peter', lastname: 'Tucker' };
    expect(levelOf('email', { ...peter, email: 'peter@brightpath.com' }, { ...peter, email: 'peter2@brightpath.com' })).toBe('one company, the same mailbox numbered (two people)');
    expect(levelOf('email', { ...peter, email: 'peter.tucker@gmail.com' }, { ...peter, email: 'peter.tucker2@gmail.com' })).not.toBe('one company, the same mailbox numbered (two people)');
  });

  it('two webmail mailboxes of one name numbered differently weigh nothing: namesakes number theirs', () => {
    // The first name typed wrong on one side: the names alone would not make the mailboxes neutral.
    const jones80 = { firstname: 'Jones', lastname: 'Jmaes', email: 'james.jones80@gmail.com', city: 'Warren' };
    const jones54 = { firstname: 'James', lastname: 'Jones', email: 'james.jones54@gmail.com', city: 'New York' };
    expect(levelOf('email', jones80, jones54)).toBe('same name before the @, numbered differently');
    expect(levelOf('email', jones80, { ...jones54, email: 'jamesjones54@yahoo.com' })).toBe('same name before the @, numbered differently');
    // A mistyped address is still similar, its number too, and the same address is still the same.
    expect(levelOf('email', jones80, { ...jones54, email: 'james.jnoes80@gmail.com' })).toBe('similar (Jaro-Winkler ≥ 0.92, or two characters apart)');
    for (const typo of ['james.jones08@gmail.com', 'james.jones81@gmail.com', 'james.jones800@gmail.com'])
      expect(levelOf('email', jones80, { ...jones54, email: typo })).toBe('similar (Jaro-Winkler ≥ 0.92, or two characters apart)');
    // At work the numbers say nothing of their own: two companies are two workplaces.
    expect(levelOf('email', { ...jones54, email: 'jjones2@acme.com' }, { ...jones54, email: 'jjones3@globex.com' })).toBe('work addresses at two different companies');
    expect(levelOf('email', jones80, { ...jones54, email: 'James.Jones80@gmail.com' })).toBe('exact match');
  });
});

describe('mailbox names made of the names', () => {
  const isabelle = { firstname: 'Isabelle', lastname: 'Masson' };

  it('the same names and number at two providers count the number alone; a mailbox name of its own counts in full', () => {
    const twice = levelOf('email', { ...isabelle, email: 'isabelle.masson12@yahoo.fr' }, { ...isabelle, email: 'isabellemasson12@free.fr' });
    expect(twice).toBe('the names and the same number before the @, one a webmail address');
    const two = contactsModel.prepare([{ id: 'a', properties: { ...isabelle, email: 'isabelle.masson12@yahoo.fr' } }, { id: 'b', properties: { ...isabelle, email: 'isabellemasson12@free.fr' } }], settings);
    const number = contactsModel.comparisons(two, settings).find((c) => c.name === 'email')!.levels.find((l) => l.label === twice)!;
    // About a hundred to one: two digits in common, what namesakes share by chance.
    expect(number.weight).toBeCloseTo(6.6, 1);
    expect(levelOf('email', { ...isabelle, email: 'skywalker77@yahoo.fr' }, { ...isabelle, email: 'skywalker77@free.fr' })).toBe('same name before the @, one a webmail address');
    // Without names on one side the mailbox is the only link: it counts in full.
    expect(levelOf('email', { ...isabelle, email: 'isabelle.masson12@yahoo.fr' }, { email: 'isabellemasson12@free.fr' })).toBe('same name before the @, one a webmail address');
    // At two companies, as before: a mailbox name shared at two companies.
    expect(levelOf('email', { ...isabelle, email: 'isabelle.masson12@acme.fr' }, { ...isabelle, email: 'isabellemasson12@globex.fr' })).toBe('same name before the @ at two companies');
  });

  it('keeps that weight in a trained model, whatever random pairs say of the level', () => {
    const records: EngineRecord[] = [
      ...backgroundContacts(300),
      { id: 'a', properties: { ...isabelle, email: 'isabelle.masson12@yahoo.fr', city: 'Paris' } },
      { id: 'b', properties: { ...isabelle, email: 'isabellemasson12@free.fr', city: 'Paris' } },
    ];
    const result = findDuplicates(records, 'contacts');
    const level = result.model.fields.find((f) => f.field === 'email')!.levels.find((l) => l.label === 'the names and the same number before the @, one a webmail address')!;
    expect(level.weight).toBeCloseTo(Math.log2(100), 6);
    const pair = result.groups.flatMap((g) => g.pairs).find((p) => [p.a, p.b].sort().join() === 'a,b');
    expect(pair?.fields.find((f) => f.field === 'email')?.weight).toBeCloseTo(6.6, 1);
  });

  it("reads a mailbox name as names when either record's names make it, so a name typed wrong on one side does not make it distinctive", () => {
    const sophie = (firstname: string, email: string) => ({ firstname, lastname: 'Gaillard', email });
    expect(levelOf('email', sophie('Spohie', 'sophie_gaillard@alphalegal.fr'), sophie('Sophie', 'sophie.gaillard@free.fr'))).toBe('same name before the @ made of the names, one a webmail address');
    // Umlauts written out: Jörg Müller's "joerg.mueller12@" is his names and a number.
    const joerg = { firstname: 'Jörg', lastname: 'Müller' };
    expect(levelOf('email', { ...joerg, email: 'joerg.mueller12@gmail.com' }, { ...joerg, email: 'joergmueller12@web.de' })).toBe('the names and the same number before the @, one a webmail address');
    // A nickname's formal form makes the mailbox too.
    expect(levelOf('email', { firstname: 'Nate', lastname: 'Norer', email: 'nathan.norer@gmail.com' }, { firstname: 'Nate', lastname: 'Norer', email: 'nathan.norer@icloud.com' })).toBe(
      'same name before the @ made of the names, one a webmail address',
    );
    expect(levelOf('email', { firstname: 'Elzabeth', lastname: 'Stapstone', email: 'elizabethstapstone@gmail.com' }, { firstname: 'Elizabeth', lastname: 'Stapstone', email: 'elizabeth_stapstone1@gmail.com' })).toBe(
      'similar, both made of the names',
    );
  });
});

describe('a mailbox name both records have, spelling the names between them or a letter off', () => {
  const named = 'same name before the @ made of the names, one a webmail address';
  const levelWith = (options: { fuzzy: boolean }, a: Record<string, string>, b: Record<string, string>) => {
    const chosen = resolveEngineSettings({ enableFuzzyMatching: options.fuzzy });
    const data = contactsModel.prepare([{ id: 'a', properties: a }, { id: 'b', properties: b }], chosen);
    const comparison = contactsModel.comparisons(data, chosen).find((c) => c.name === 'email')!;
    return comparison.levels[comparison.compare(0, 1)]!.label;
  };

  it("reads the first name of one record with the last name of the other: each copy typed one wrong", () => {
    // Tiffany Wright, twice, one record per typo: "tiffanywright" is neither's names alone.
    expect(levelOf('email', { firstname: 'Tiffany', lastname: 'Wirght', email: 'tiffany_wright@gmail.com' }, { firstname: 'Tffany', lastname: 'Wright', email: 'tiffany.wright@outlook.com' })).toBe(named);
  });

  it('reads a mailbox name a letter off the names as the names: both typed wrong, or spelt otherwise in the field', () => {
    expect(levelOf('email', { firstname: 'Walter', lastname: 'Mendpoza', email: 'wmendoza@kilshawcranthorpe.com' }, { firstname: 'Walter', lastname: 'Mendloza', email: 'wmendoza@icloud.com' })).toBe(named);
    expect(levelOf('email', { firstname: 'Ana', lastname: 'Scholz', email: 'anna.scholz@schenkcloud.de' }, { firstname: 'Ana', lastname: 'Scholz', email: 'annascholz@web.de' })).toBe(named);
    expect(levelOf('email', { firstname: 'Karen', lastname: 'Joens', email: 'karen.jones@hedwickdigital.net' }, { firstname: 'Karen', lastname: 'Joens', email: 'karenjones@protonmail.com' })).toBe(named);
  });

  it('reads a mailbox name the pair spells between them at two companies as two workplaces, as one that either spells alone', () => {
    const two = 'work addresses at two different companies';
    expect(levelOf('email', { firstname: 'Tiffany', lastname: 'Wright', email: 'tiffany.wright@acmeworks.com' }, { firstname: 'Tiffany', lastname: 'Wright', email: 'tiffanywright@globexsystems.com' })).toBe(two);
    expect(levelOf('email', { firstname: 'Tiffany', lastname: 'Wirght', email: 'tiffany.wright@acmeworks.com' }, { firstname: 'Tffany', lastname: 'Wright', email: 'tiffanywright@globexsystems.com' })).toBe(two);
  });

  it("counts the mailbox name when a name is missing or an initial on one side: the names' comparisons could not count what it spells", () => {
    const shared = 'same name before the @, one a webmail address';
    // "niko" is on no record's first name: the mailbox is all that says so.
    expect(levelOf('email', { lastname: 'Doring', email: 'niko.doring@aol.com' }, { firstname: 'Niko', lastname: 'Dorimg', email: 'niko.doring@gmail.com' })).toBe(shared);
    expect(levelOf('email', { firstname: 'D.', lastname: 'Glencliffe', email: 'dixie.glencliffe@brielalylabs.com' }, { firstname: 'Dixie', lastname: 'Glenclifvfe', email: 'dixie.glencliffe@outlook.com' })).toBe(shared);
    // Each record's own names still make it: "Niko Doring" spells niko.doring.
    expect(levelOf('email', { lastname: 'Doring', email: 'niko.doring@aol.com' }, { firstname: 'Niko', lastname: 'Doring', email: 'niko.doring@gmail.com' })).toBe(named);
  });

  it('keeps a mailbox name of its own, a short one and one two letters off, and reads no typo when fuzzy matching is off', () => {
    const walter = (email: string, lastname = 'Mendpoza') => ({ firstname: 'Walter', lastname, email });
    const shared = 'same name before the @, one a webmail address';
    expect(levelOf('email', walter('skywalker@acme.com'), walter('skywalker@gmail.com', 'Mendloza'))).toBe(shared);
    // Two letters off "waltermendpoza": another name, or a mailbox of its own.
    expect(levelOf('email', walter('waltermendez@acme.com'), walter('waltermendez@gmail.com', 'Mendloza'))).toBe(shared);
    // Under six letters a letter off is another name: "alngo" is no typo of Al Ngoo's "alngoo".
    const al = (email: string) => ({ firstname: 'Al', lastname: 'Ngoo', email });
    expect(levelOf('email', al('al_ngo@acme.com'), al('al_ngo@yahoo.com'))).toBe('different');
    expect(levelOf('email', al('al_ngoo@acme.com'), al('al_ngoo@yahoo.com'))).toBe(named);
    expect(levelWith({ fuzzy: false }, walter('wmendoza@kilshawcranthorpe.com'), walter('wmendoza@icloud.com', 'Mendloza'))).toBe(shared);
    expect(levelWith({ fuzzy: true }, walter('wmendoza@kilshawcranthorpe.com'), walter('wmendoza@icloud.com', 'Mendloza'))).toBe(named);
  });
});

describe('colleagues of one surname', () => {
  it("reads two work addresses at one firm that differ only in the initial before a surname as two people's", () => {
    expect(levelOf('email', { lastname: 'Deschamps', email: 'cdeschamps@quanana.fr' }, { firstname: 'Oury', lastname: 'Deschamps', email: 'odeschamps@quanana.fr' })).toBe('different');
    expect(levelOf('email', { firstname: 'Buford', lastname: 'Davies', email: 'b.davies@gibson-partners.net' }, { lastname: 'Davies', email: 'r.davies@gibson-partners.net' })).toBe('different');
    expect(levelOf('email', { lastname: 'Hunt', email: 'mhunt2@durcottlawgroup.com' }, { firstname: 'Joshua', lastname: 'Hunt', email: 'jhunt@durcottlawgroup.com' })).toBe('different');
  });

  it('still reads a typo as similar: inside the surname, in the initial of one first name, before another name, or at a webmail provider', () => {
    const similar = 'similar (Jaro-Winkler ≥ 0.92, or two characters apart)';
    // Oury Deschamps twice: the initial is the typo.
    const oury = { firstname: 'Oury', lastname: 'Deschamps' };
    expect(levelOf('email', { ...oury, email: 'pdeschamps@quanana.fr' }, { ...oury, email: 'odeschamps@quanana.fr' })).toBe(similar);
    // "anna" is a first name, not their surname.
    expect(levelOf('email', { lastname: 'Weber', email: 'hanna@quanana.fr' }, { firstname: 'Anna', lastname: 'Weber', email: 'manna@quanana.fr' })).not.toBe('different');
    expect(levelOf('email', { lastname: 'Deschamps', email: 'odeshamps@quanana.fr' }, { firstname: 'Oury', lastname: 'Deschamps', email: 'odeschamps@quanana.fr' })).toBe(similar);
    // The rest is no surname of theirs: the initial may be the typo.
    expect(levelOf('email', { lastname: 'Martin', email: 'cdeschamps@quanana.fr' }, { firstname: 'Oury', lastname: 'Martin', email: 'odeschamps@quanana.fr' })).toBe(similar);
    expect(levelOf('email', { lastname: 'Deschamps', email: 'cdeschamps@gmail.com' }, { firstname: 'Oury', lastname: 'Deschamps', email: 'odeschamps@gmail.com' })).not.toBe('different');
  });
});

describe('namesakes in one town', () => {
  const darion = { firstname: 'Darion', lastname: 'Park', city: 'Honolulu', state: 'HI' };

  it('work addresses at two unrelated company domains are two workplaces; a typo in the domain or a webmail address is not', () => {
    const at = (email: string) => ({ ...darion, email });
    expect(levelOf('email', at('darion.park@barburymartin.co'), at('darion.park@heritagemarketing.us'))).toBe('work addresses at two different companies');
    expect(levelOf('email', at('darion.park@barburymartin.co'), at('dpark77@gmail.com'))).toBe('different');
    expect(levelOf('email', at('darion.park@barburymartin.co'), at('darionpark@gmail.com'))).toBe('same name before the @ made of the names, one a webmail address');
    expect(levelOf('email', at('dpark@barburymartin.com'), at('darion@barburymartin.con'))).not.toBe('work addresses at two different companies');
  });

  it('a mailbox name made of names with umlauts written out ("mueller" for Müller) is the names, not a mailbox name of its own', () => {
    const claudia = (email: string) => ({ firstname: 'Claudia', lastname: 'Müller', email });
    expect(levelOf('email', claudia('claudiamueller@gmx.de'), claudia('claudia.mueller@t-online.de'))).toBe('same name before the @ made of the names, one a webmail address');
  });

  it('two street addresses in one postcode or town are not the same place', () => {
    const home = (address: string) => ({ address, zip: '96881', city: 'Honolulu' });
    expect(levelOf('location', home('6 Jones Ln'), home('36 36th Ave'))).toBe('same postcode, another street address');
    expect(levelOf('location', { address: '6 Jones Ln', city: 'Honolulu' }, { address: '36 36th Ave', city: 'Honolulu' })).toBe('same city, another street address');
    expect(levelOf('location', home('6 Jones Ln'), { zip: '96881', city: 'Honolulu' })).toBe('same postcode');
  });

  it('never groups two people of one name in one town who share nothing else that identifies them', () => {
    const jennifer = { firstname: 'Jennifer', lastname: 'Humcliffe', city: 'Buffalo Grove', state: 'IL' };
    const records: EngineRecord[] = [
      ...backgroundContacts(300),
      { id: 'gmail', properties: { ...jennifer, email: 'jennifer103@gmail.com', phone: '(847) 555-0199', jobtitle: 'Executive Assistant' } },
      { id: 'gmail-2', properties: { ...jennifer, email: 'Jennifer103@gmail.com', zip: '60089' } },
      { id: 'yahoo', properties: { ...jennifer, email: 'jenniferhumcliffe1962@yahoo.com', phone: '(224) 555-0142', zip: '60089' } },
    ];
    const groups = findDuplicates(records, 'contacts').groups.map((g) => g.recordIds.filter((id) => !id.startsWith('bg-')));
    expect(groups).toContainEqual(['gmail', 'gmail-2']);
    expect(groups.flat()).not.toContain('yahoo');
  });

  it('job titles compare by their words, whatever the case and order', () => {
    expect(levelOf('jobtitle', { jobtitle: 'Sales Director' }, { jobtitle: 'director, sales' })).toBe('exact match');
    expect(levelOf('jobtitle', { jobtitle: 'Real Estate Agent' }, { jobtitle: 'Chief Division Planner' })).toBe('different');
  });
});

describe('mistyped person data', () => {
  it('a city written with a typo is the same city', () => {
    expect(similarNames('london', 'loondon')).toBe(true);
    expect(similarNames('telford', 'ftelford')).toBe(true);
    expect(similarNames('leeds', 'derby')).toBe(false);
    expect(levelOf('location', { city: 'Telford' }, { city: 'fTelford' })).toBe('same city');
  });

  it('an email address two characters apart is a similar address', () => {
    expect(levelOf('email', { firstname: 'Dylan', lastname: 'Macdonald', email: 'dmacdonald@rivers-glass.biz' }, { firstname: 'Dylan', lastname: 'Macdonald', email: 'dracdonald@rivers-glass.biz' })).toBe(
      'similar (Jaro-Winkler ≥ 0.92, or two characters apart)',
    );
  });

  /** Whether the scan compares the two records at all (its blocking rules pair them). */
  const compared = (a: Record<string, string>, b: Record<string, string>) => {
    const records = [...backgroundContacts(200), { id: 'a', properties: a }, { id: 'b', properties: b }];
    const data = contactsModel.prepare(records, settings);
    const pairs = blockPairs(data.size, contactsModel.blockingRules(data), settings.maxBlockSize);
    return Array.from(pairs.left).some((left, k) => [left, pairs.right[k]].sort().join() === `${records.length - 2},${records.length - 1}`);
  };

  it.each([
    ['a year typed wrong in one digit, the first name missing', { lastname: 'Green', date_of_birth: '1974-10-05', city: 'London' }, { firstname: 'Thoas', lastname: 'Green', date_of_birth: '1984-10-05' }],
    ['only a surname and a town beside a full record', { lastname: 'Wright', city: 'Manchester' }, { firstname: 'Auutsin', lastname: 'Wright', date_of_birth: '1993-03-27', city: 'Manchester' }],
  ])('sparse records are compared: %s', (_kind, a, b) => {
    expect(compared(a, b)).toBe(true);
  });

  it.each([
    ['1971-06-24', '1971-05-24', 'one digit off'],
    ['1991-04-05', '1991-05-04', 'day and month swapped'],
    ['1976-09-15', '1977-09-13', 'two digits off'],
    // Two digits transposed: one slip.
    ['1985-05-12', '1985-05-21', 'one digit off'],
    // Misremembered or mistyped by a few days or weeks, across a month's or a year's end too.
    ['1985-05-21', '1985-06-19', 'within 5 weeks'],
    ['1992-12-30', '1993-01-02', 'within 5 weeks'],
    // The year slipped (one digit, or one or ten years) and the day a little.
    ['1984-11-20', '1994-11-18', 'the year one digit, one or ten years off, the day within 5 weeks'],
    ['1991-04-12', '2001-04-09', 'the year one digit, one or ten years off, the day within 5 weeks'],
    ['1984-11-20', '1985-11-19', 'the year one digit, one or ten years off, the day within 5 weeks'],
    ['1984-02-10', '1984-09-25', 'same year'],
    ['1984-11-20', '1987-05-02', 'different'],
    ['1976-09-15', '2003-01-17', 'different'],
  ])('dates of birth %s and %s: %s', (a, b, label) => {
    expect(levelOf('date_of_birth', { date_of_birth: a }, { date_of_birth: b })).toBe(label);
  });

  it('a town mistyped twice over ("Loonon", "Carfiif") is no other place; two towns are', () => {
    expect(levelOf('location', { city: 'Loonon' }, { city: 'London' })).toBe('town names a few letters apart');
    expect(levelOf('location', { city: 'Carfiif' }, { city: 'Cardiff' })).toBe('town names a few letters apart');
    expect(levelOf('location', { city: 'Leeds' }, { city: 'Derby' })).toBe('different place');
    expect(levelOf('location', { city: 'Preston' }, { city: 'Brighton' })).toBe('different place');
  });

  it('a name mistyped beyond what Jaro-Winkler ranks ("Josen", "Jones"; "Iy", "Ivy") is a typo, two names are not', () => {
    expect(levelOf('lastname', { lastname: 'Josen' }, { lastname: 'Jones' })).toBe('mistyped (letters wrong, missing or scrambled)');
    expect(levelOf('firstname', { firstname: 'Iy', lastname: 'Lee' }, { firstname: 'Ivy', lastname: 'Lee' })).toBe('mistyped (letters wrong, missing or scrambled)');
    expect(levelOf('lastname', { lastname: 'Jones' }, { lastname: 'Smith' })).toBe('different');
    expect(levelOf('firstname', { firstname: 'Noe', lastname: 'Hoppe' }, { firstname: 'Brandon', lastname: 'Hoppe' })).toBe('clearly different (two people)');
  });

  it('an address at a mistyped domain (".ohg", ".neea") is no second workplace', () => {
    const louis = (email: string) => ({ firstname: 'Louis', lastname: 'Adams', email });
    expect(levelOf('email', louis('louis.a@martinez.net'), louis('louis.a@mtrtinez.neea'))).toBe('different');
    expect(levelOf('email', louis('j.c@white.org'), louis('j.c@wrte.ohg'))).toBe('different');
    expect(levelOf('email', louis('louis.a@martinez.net'), louis('louis.a@heritagemarketing.us'))).toBe('work addresses at two different companies');
  });

  it.each([
    ['the day of birth and both names mistyped', { firstname: 'Olievr', lastname: 'Waton', date_of_birth: '2013-08-06', city: 'Glasgow' }, { firstname: 'Oliver', lastname: 'Watson', date_of_birth: '2013-08-04' }],
    ['a surname mistyped past its first letters, the dates a year apart', { firstname: 'Jackson', lastname: 'Fishier', date_of_birth: '2003-12-28' }, { firstname: 'Jackson', lastname: 'Fisher', date_of_birth: '2004-11-26' }],
    ['the first name missing, the surname mistyped, the day of birth off', { lastname: 'Josen', date_of_birth: '2022-02-22', city: 'Ipswich' }, { firstname: 'Mia', lastname: 'Jones', date_of_birth: '2022-02-20' }],
    // Neither the sound of the surname nor a postcode, email or phone pairs these: the firm does.
    ['a surname mistyped so it sounds otherwise, at one firm', { firstname: 'Grace', lastname: 'Hujtford', company: 'Jones Roofing' }, { firstname: 'Grace', lastname: 'Huntford', company: 'Jones Roofing', jobtitle: 'Vice President of Sales' }],
    ['the surname left out, at one firm', { firstname: 'Grace', company: 'Jones Roofing Inc' }, { firstname: 'Grace', lastname: 'Huntford', company: 'Jones Roofing' }],
  ])('mistyped records are compared: %s', (_kind, a, b) => {
    expect(compared(a, b)).toBe(true);
  });

  it('groups one person written four ways: names swapped, an initial, typos in both names, the town and the date of birth', () => {
    const records: EngineRecord[] = [
      ...backgroundContacts(300),
      { id: 'margaret', properties: { firstname: 'Margaret', lastname: 'Quillby', date_of_birth: '1984-11-20', city: 'London', email: 'margaret.q54@harrowfield.info' } },
      { id: 'swapped', properties: { firstname: 'Quillby', lastname: 'Margaret', date_of_birth: '1994-11-18', city: 'Londno' } },
      { id: 'typos', properties: { firstname: 'Magraret', lastname: 'Qiullby', date_of_birth: '1984-12-19', city: 'Loonon', email: 'margaret.q54@harrowfield.ifo' } },
      { id: 'initial', properties: { firstname: 'M', lastname: 'Quilby', date_of_birth: '1984-11-02', city: 'London' } },
    ];
    const groups = findDuplicates(records, 'contacts').groups.map((g) => g.recordIds.filter((id) => !id.startsWith('bg-')));
    expect(groups).toContainEqual(['initial', 'margaret', 'swapped', 'typos']);
  });
});

describe('comparing by facts of each value, worked out once', () => {
  it('settles every pair of first names as givenNamesClearlyDiffer does, with and without phonetic matching', () => {
    const base = ['bob', 'robert', 'rob', 'j', 'james', 'jim', 'dan', 'daniel', 'jon', 'john', 'jonathan', 'catherine', 'kathryn', 'katherine', 'rebecca', 'rebcwca', 'iy', 'ivy', 'mary ann', 'ann', 'anna', 'noe', 'brandon', 'oliver', 'olievr', 'jones', 'josen', 'lisa', 'nancy', 'm', 'margaret', 'magraret', 'al', 'ali', 'alice', 'zoe', 'chloé', 'x@y'];
    const names = ['', ...base];
    for (const phonetic of [true, false]) {
      const settingsNow = resolveEngineSettings({ enablePhoneticMatching: phonetic });
      const sound = phonetic ? (name: string) => name.split(' ').map((word) => doubleMetaphone(word)[0]).join(' ') : undefined;
      const differ = firstNamesDiffer(names, settingsNow);
      for (let x = 0; x < names.length; x++)
        for (let y = 0; y < names.length; y++) {
          const [a, b] = names[x]! <= names[y]! ? [names[x]!, names[y]!] : [names[y]!, names[x]!];
          expect(differ(x, y), `${names[x]} ${names[y]}`).toBe(givenNamesClearlyDiffer(a, b, sound) ? 1 : 0);
        }
    }
  });

  it('rules out of the typo check no pair of names that is a typo', () => {
    const names = fc.stringMatching(/^[a-e]{1,9}$/);
    fc.assert(fc.property(names, names, (a, b) => !mistypedName(a, b) || mayBeMistyped(letterMask(a), a.length, letterMask(b), b.length)), { numRuns: 5000 });
  });

  it('compares an address written over another at one code as itself (a record matched against an index takes one code in turn)', () => {
    const data = contactsModel.prepare([{ id: 'a', properties: { email: 'louis.a@martinez.net' } }, { id: 'b', properties: { email: 'louis.a@heritagemarketing.us' } }], settings);
    const email = contactsModel.comparisons(data, settings).find((c) => c.name === 'email')!;
    const label = () => email.levels[email.compare(0, 1)]!.label;
    expect(label()).toBe('work addresses at two different companies');
    const column = data.columns.email!;
    const code = column.codes[1]!;
    column.values[code] = 'zed@martinez.nett';
    column.hashes![code] = 1;
    expect(label()).toBe('different');
    column.values[code] = 'louis.a@martinez.nett';
    expect(label()).toBe('similar (Jaro-Winkler ≥ 0.92, or two characters apart)');
  });
});
