import { describe, expect, it } from 'vitest';
import { findDuplicates } from '../find-duplicates';
import type { EngineRecord } from '../types';

/** A help desk's everyday tickets: many customers, a handful of common problems, spread over a year. */
function backgroundTickets(count: number): EngineRecord[] {
  const problems = ['Cannot log in', 'Password reset email not arriving', 'CSV export not working', 'App crashes on startup', 'Update billing address'];
  return Array.from({ length: count }, (_, i) => ({
    id: `bg-${i}`,
    properties: {
      subject: problems[i % problems.length]!,
      content: `Customer ${i} writes about case ${7000 + i * 13} on device ${i % 17} with note ${i * 31}. Signed, person ${i}`,
      hs_all_associated_contact_emails: `person${i}@customer${i % 90}.com`,
      hs_primary_company_id: String(50_000 + (i % 90)),
      createdate: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000 * 1.3).toISOString(),
    },
  }));
}

const day = (offset: number, hour = 10) => new Date(Date.UTC(2024, 1, 1, hour) + offset * 86_400_000).toISOString();

/** Seven customers at seven companies, each writing "Email notifications not working" in their own words, over ten months. */
function sevenCustomers(withRequester: boolean): EngineRecord[] {
  const names = ['Ann Lee', 'Marco Rossi', 'Julia Becker', 'Sam Patel', 'Nina Dubois', 'Tom Walsh', 'Priya Nguyen'];
  return names.map((name, k) => ({
    id: `en-${k}`,
    properties: {
      subject: 'Email notifications not working',
      content: `Hi, the email notifications stopped working after the last update. We see no messages at all. Thanks, ${name}`,
      hs_ticket_category: 'PRODUCT_ISSUE',
      createdate: day(k * 45),
      ...(withRequester ? { hs_all_associated_contact_emails: `${name.split(' ')[0]!.toLowerCase()}@company${k}.com`, hs_primary_company_id: String(90_000 + k) } : {}),
    },
  }));
}

const groupOf = (groups: { recordIds: string[] }[], id: string) => groups.find((g) => g.recordIds.includes(id))?.recordIds ?? [id];

describe('tickets: a common subject alone is not evidence', () => {
  it('does not group seven customers who report the same common problem over ten months', () => {
    for (const withRequester of [true, false]) {
      const groups = findDuplicates([...backgroundTickets(300), ...sevenCustomers(withRequester)], 'tickets').groups;
      for (let k = 0; k < 7; k++) expect(groupOf(groups, `en-${k}`), `requester shown: ${withRequester}`).toEqual([`en-${k}`]);
    }
  });

  it('does not group two customers who write the same words on the same day', () => {
    const records: EngineRecord[] = [
      ...backgroundTickets(300),
      { id: 'o-1', properties: { subject: 'Email notifications not working', content: 'The email notifications stopped working this morning, nothing arrives.', hs_all_associated_contact_emails: 'ann@acme.com', createdate: day(3, 9) } },
      { id: 'o-2', properties: { subject: 'Email notifications not working', content: 'The email notifications stopped working this morning, nothing arrives.', hs_all_associated_contact_emails: 'bob@globex.com', createdate: day(3, 11) } },
    ];
    const groups = findDuplicates(records, 'tickets').groups;
    expect(groupOf(groups, 'o-1')).toEqual(['o-1']);
  });

  it('groups a ticket its customer files again within days with an edited subject', () => {
    const records: EngineRecord[] = [
      ...backgroundTickets(300),
      ...sevenCustomers(true),
      {
        id: 'r-1',
        properties: { subject: 'Email notifications not working', content: 'Since Tuesday our team gets no email notifications for new deals. We checked the spam folder. Thanks, Dana', hs_all_associated_contact_emails: 'dana@initech.com', hs_primary_company_id: '77', createdate: day(100, 9) },
      },
      {
        id: 'r-2',
        properties: { subject: 'RE: Email notificatons not working!!', content: 'Following up: Since Tuesday our team gets no email notifications for new deals. We checked the spam folder. Thanks, Dana', hs_all_associated_contact_emails: 'Dana@Initech.com', createdate: day(102, 15) },
      },
    ];
    const groups = findDuplicates(records, 'tickets').groups;
    expect(groupOf(groups, 'r-1')).toEqual(['r-1', 'r-2']);
    const requester = groups.find((g) => g.recordIds.includes('r-1'))!.pairs[0]!.fields.find((f) => f.field === 'requester')!;
    expect(requester.level).toBe('same contact');
  });

  it('groups a re-filed ticket that names no customer when the text is the same far beyond the subject', () => {
    const text = 'Our warehouse scanner app shows error 4012 when syncing pallet labels from dock 7 since the firmware update';
    const records: EngineRecord[] = [
      ...backgroundTickets(300),
      { id: 's-1', properties: { subject: 'App crashes on startup', content: text, hs_all_associated_contact_emails: 'lee@freight.io', createdate: day(20, 8) } },
      { id: 's-2', properties: { subject: 'Re: App crashes on startup', content: `Sending again: ${text}`, createdate: day(21, 8) } },
    ];
    expect(groupOf(findDuplicates(records, 'tickets').groups, 's-1')).toEqual(['s-1', 's-2']);
  });

  it('does not group the same customer with the same problem months apart', () => {
    const records: EngineRecord[] = [
      ...backgroundTickets(300),
      { id: 'm-1', properties: { subject: 'Cannot log in', content: 'Login fails with error 500 on Chrome since this morning for the whole sales team. Kim', hs_all_associated_contact_emails: 'kim@umbrella.com', createdate: day(10) } },
      { id: 'm-2', properties: { subject: 'Cannot log in', content: 'Login fails with error 500 on Chrome since this morning for the whole sales team. Kim', hs_all_associated_contact_emails: 'kim@umbrella.com', createdate: day(130) } },
    ];
    const groups = findDuplicates(records, 'tickets').groups;
    expect(groupOf(groups, 'm-1')).toEqual(['m-1']);
  });
});

describe('deals: the same company or nothing', () => {
  const background: EngineRecord[] = Array.from({ length: 150 }, (_, i) => ({
    id: `d-${i}`,
    properties: { dealname: `Opportunity ${i} for account ${i * 7}`, amount: String(1000 + i * 37), closedate: `2025-0${(i % 9) + 1}-15`, hs_primary_associated_company: String(10_000 + i) },
  }));

  it('does not group deals of different companies with the same name', () => {
    const records: EngineRecord[] = [
      ...background,
      { id: 'a-1', properties: { dealname: 'Annual Subscription 2024', amount: '12000', closedate: '2024-03-01', hs_primary_associated_company: '501' } },
      { id: 'a-2', properties: { dealname: 'Annual Subscription 2024', amount: '12000', closedate: '2024-03-01', hs_primary_associated_company: '502' } },
      { id: 'a-3', properties: { dealname: 'Annual Subscription 2024', amount: '12000', closedate: '2024-03-02', hs_primary_associated_company: '503' } },
    ];
    const groups = findDuplicates(records, 'deals').groups;
    for (const id of ['a-1', 'a-2', 'a-3']) expect(groupOf(groups, id)).toEqual([id]);
  });

  // One deal entered twice (x-1, x-2) and its renewal the next year (x-3): told apart by the year
  // in the name and the close dates, or, without them, by when each deal was created.
  it.each([
    [
      'by the year in the name and the close dates',
      [
        { dealname: 'Support Contract 2024', amount: '9900', closedate: '2024-05-10', hs_primary_associated_company: '601' },
        { dealname: 'Suport Contract 2024', amount: '9900', closedate: '2024-05-17', hs_primary_associated_company: '601' },
        { dealname: 'Support Contract 2025', amount: '9900', closedate: '2025-05-12', hs_primary_associated_company: '601' },
      ],
    ],
    [
      'without close dates, by when each was created',
      [
        { dealname: 'Enterprise License', amount: '63450', createdate: '2019-09-28', hs_primary_associated_company: '701' },
        { dealname: 'Enterprise Licence', amount: '63450', createdate: '2019-10-02', hs_primary_associated_company: '701' },
        { dealname: 'Enterprise License', amount: '63450', createdate: '2020-09-30', hs_primary_associated_company: '701' },
      ],
    ],
  ])('groups one deal entered twice for one company, and not its renewal the next year: %s', (_how, deals) => {
    const records: EngineRecord[] = [...background, ...deals.map((properties, k) => ({ id: `x-${k + 1}`, properties }))];
    const groups = findDuplicates(records, 'deals').groups;
    expect(groupOf(groups, 'x-1')).toEqual(['x-1', 'x-2']);
    expect(groupOf(groups, 'x-3')).toEqual(['x-3']);
  });
});
