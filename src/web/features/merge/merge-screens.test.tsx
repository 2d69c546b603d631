import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryPage, MergePlan, MergeView, RecordActionView } from '../../../shared/contracts/cleanup';
import type { DuplicateGroupView } from '../../../shared/contracts/results';
import { fakeApi, json, makeUser } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { TOUR_STORAGE_KEYS } from '../tour/tour-state';

configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('../../pages/duplicates-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

const record = (id: string, label: string, extra: Partial<MergePlan['records'][number]> = {}) => ({
  id,
  label,
  isPrimary: false,
  order: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  filledProperties: 6,
  hasOwner: false,
  optedOut: false,
  ...extra,
});

function plan(overrides: Partial<MergePlan> = {}): MergePlan {
  return {
    groupId: 1,
    objectType: 'contacts',
    primaryRule: 'most-complete',
    primaryId: '11',
    suggestedPrimaryId: '11',
    records: [record('11', 'Robert Smith (bob@acme.io)', { isPrimary: true, order: 0, filledProperties: 9 }), record('12', 'Bob Smith (bob@acme.io)')],
    alreadyMerged: [],
    fields: [
      {
        property: 'jobtitle',
        label: 'Job Title',
        rule: 'choice',
        candidates: [
          { value: 'CTO', recordIds: ['11'] },
          { value: 'Chief Technology Officer', recordIds: ['12'] },
        ],
        survivor: { value: 'CTO', recordId: '11' },
        lost: [{ value: 'Chief Technology Officer', recordIds: ['12'] }],
        choosable: true,
        note: null,
      },
      { property: 'firstname', label: 'First Name', rule: 'choice', candidates: [{ value: 'Robert', recordIds: ['11', '12'] }], survivor: { value: 'Robert', recordId: '11' }, lost: [], choosable: true, note: null },
    ],
    result: { jobtitle: 'CTO', firstname: 'Robert' },
    lostValues: [{ property: 'jobtitle', label: 'Job Title', value: 'Chief Technology Officer', recordIds: ['12'] }],
    consent: [],
    steps: [
      { kind: 'update', recordId: '11', description: 'Write the chosen values to Robert Smith' },
      { kind: 'merge', recordId: '12', description: 'Merge Bob Smith into Robert Smith' },
    ],
    blockers: [],
    valueLabels: {},
    ...overrides,
  };
}

const group: DuplicateGroupView = {
  id: 1,
  objectType: 'contacts',
  scanId: 3,
  matchKey: 'email',
  confidence: 0.99,
  status: 'pending',
  primaryRecordId: '11',
  records: [
    { id: '11', isPrimary: true, properties: { firstname: 'Robert', lastname: 'Smith' }, updatedAt: null },
    { id: '12', isPrimary: false, properties: { firstname: 'Bob', lastname: 'Smith' }, updatedAt: null },
  ],
  explanations: [],
  valueLabels: {},
  createdAt: '2025-02-02T10:00:00.000Z',
  updatedAt: '2025-02-02T10:00:00.000Z',
};

function mergeView(status: MergeView['status'], outcome: 'pending' | 'merged'): MergeView {
  return {
    id: 40,
    groupId: 1,
    objectType: 'contacts',
    status,
    performedBy: 'user',
    primaryRecordId: '11',
    survivorId: outcome === 'merged' ? '19' : '11',
    errorMessage: null,
    createdAt: '2025-03-01T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    records: [
      { id: '11', role: 'primary', outcome: 'kept', mergedIntoId: null, errorMessage: null, backedUp: true, restoredAsId: null },
      { id: '12', role: 'secondary', outcome, mergedIntoId: outcome === 'merged' ? '19' : null, errorMessage: null, backedUp: true, restoredAsId: null },
    ],
    steps: [],
  };
}

describe('merging a group', () => {
  it('shows the plan, lets a value be chosen, previews what is lost, and runs the merge to the end', async () => {
    let polls = 0;
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json({ groups: [group], page: 1, pageSize: 20, total: 1 }),
      'GET /api/duplicates/1': () => json(group),
      'GET /api/cleanup/groups/1/plan': () => json(plan()),
      'POST /api/cleanup/groups/1/merge': () => json(mergeView('queued', 'pending'), 202),
      'GET /api/cleanup/merges/40': () => json(++polls < 2 ? mergeView('running', 'pending') : mergeView('completed', 'merged')),
    });
    renderApp('/duplicates?group=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Merge…' }));

    expect(await screen.findByRole('heading', { name: 'Merge 2 contacts' })).toBeInTheDocument();
    const survivor = screen.getByRole('group', { name: 'The record that survives the merge' });
    expect(within(survivor).getByRole('radio', { name: /Robert Smith \(bob@acme.io\)/ })).toBeChecked();
    expect(screen.getByText('1 field has one value in every record and is kept as it is.', { exact: false })).toBeInTheDocument();
    const lost = screen.getByRole('list', { name: 'Values that will be lost' });
    expect(lost).toHaveTextContent('Job Title: Chief Technology Officer');

    // Keep the other record's job title instead: the preview follows.
    fireEvent.click(screen.getByRole('radio', { name: /Chief Technology Officer/ }));
    expect(screen.getByRole('list', { name: 'Values that will be lost' })).toHaveTextContent('Job Title: CTO');

    const mergeButton = screen.getByRole('button', { name: 'Merge 1 record into Robert Smith (bob@acme.io)' });
    expect(mergeButton).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand that HubSpot cannot undo a merge.' }));
    fireEvent.click(mergeButton);

    await waitFor(() => expect(api.callsTo('POST', '/api/cleanup/groups/1/merge')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/cleanup/groups/1/merge')[0]!.body).toEqual({ primaryId: '11', primaryRule: 'most-complete', fieldChoices: { jobtitle: '12' } });
    expect(await screen.findByRole('heading', { name: 'Merged' })).toBeInTheDocument();
    expect(screen.getByText(/1 record was merged into record 19/)).toBeInTheDocument();
    const records = screen.getByRole('list', { name: 'Records' });
    expect(within(records).getByText('Merged')).toBeInTheDocument();
  });

  it('shows the merged record as a table of property, value and source, with dates and numbers in the locale', async () => {
    const created = '2024-07-12T00:50:04.128Z';
    const closed = String(Date.UTC(2024, 10, 5, 12));
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json({ groups: [group], page: 1, pageSize: 20, total: 1 }),
      'GET /api/cleanup/groups/1/plan': () =>
        json(
          plan({
            fields: [
              ...plan().fields,
              { property: 'createdate', label: 'Create Date', rule: 'earliest', candidates: [{ value: created, recordIds: ['11'] }, { value: '2025-01-01T00:00:00.000Z', recordIds: ['12'] }], survivor: { value: created, recordId: '11' }, lost: [], choosable: false, note: 'HubSpot keeps the earliest.' },
              { property: 'closedate', label: 'Close Date', rule: 'choice', candidates: [{ value: closed, recordIds: ['11', '12'] }], survivor: { value: closed, recordId: '11' }, lost: [], choosable: true, note: null },
              { property: 'annualrevenue', label: 'Annual Revenue', rule: 'choice', candidates: [{ value: '1250000', recordIds: ['12'] }], survivor: { value: '1250000', recordId: '12' }, lost: [], choosable: true, note: null },
              { property: 'email', label: 'Email', rule: 'primary', candidates: [{ value: 'robert.smith.with.a.long.address@acme-industries.example.com', recordIds: ['11'] }], survivor: { value: 'robert.smith.with.a.long.address@acme-industries.example.com', recordId: '11' }, lost: [], choosable: false, note: null },
            ],
          }),
        ),
    });
    renderApp('/duplicates?group=1&merge=1');
    const table = await screen.findByRole('table', { name: '3. The merged record' });
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
    const row = (label: string) => within(table).getByRole('rowheader', { name: label }).closest('[role="row"]')!;
    expect(row('Create Date')).toHaveTextContent(day.format(new Date(created)));
    expect(row('Close Date')).toHaveTextContent(day.format(new Date(Number(closed))));
    expect(row('Annual Revenue')).toHaveTextContent(new Intl.NumberFormat(undefined).format(1250000));
    expect(within(row('Annual Revenue') as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^(from )?Bob Smith$/);
    expect(within(row('Job Title') as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^(from )?Robert Smith$/);
    expect(within(row('First Name') as HTMLElement).getAllByRole('cell')[1]).toHaveTextContent(/^(from )?Every record$/);
    expect(table).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}T/);
    expect(table).not.toHaveTextContent(closed);
    expect(document.body).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}T\d{2}/);
    // The list of groups makes room for the plan.
    expect(screen.getByRole('heading', { name: 'Groups' }).closest('section')).toHaveClass('hidden');
  });

  it('asks for a new plan when another primary is picked, and says why a merge is blocked', async () => {
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/duplicates/groups': () => json({ groups: [group], page: 1, pageSize: 20, total: 1 }),
      'GET /api/cleanup/groups/1/plan': ({ init }) => {
        void init;
        return json(plan({ blockers: ['Bob Smith opted out of email: choose it as the surviving record.'] }));
      },
    });
    renderApp('/duplicates?group=1&merge=1');
    expect(await screen.findByText('Bob Smith opted out of email: choose it as the surviving record.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I understand that HubSpot cannot undo a merge.' }));
    expect(screen.getByRole('button', { name: /^Merge 1 record/ })).toBeDisabled();
    fireEvent.click(within(screen.getByRole('group', { name: 'The record that survives the merge' })).getByRole('radio', { name: /Bob Smith \(bob@acme.io\)/ }));
    await waitFor(() => expect(api.callsTo('GET', '/api/cleanup/groups/1/plan').at(-1)!.url).toContain('primaryId=12'));
  });
});

describe('the history', () => {
  const action = (id: number, overrides: Partial<RecordActionView> = {}): RecordActionView => ({
    id,
    objectType: 'contacts',
    actionType: 'merge',
    status: 'completed',
    errorMessage: null,
    recordIds: ['11', '12'],
    primaryRecordId: '11',
    timestamp: '2025-03-01T10:00:00.000Z',
    mergeId: 40,
    groupId: 1,
    performedBy: 'user',
    performedByName: null,
    summary: 'Merged Bob Smith into Robert Smith',
    changes: [],
    resultId: '19',
    restore: { available: true, restoredAsId: null, reason: null, recordName: 'Bob Smith' },
    undo: { available: false, undoneAt: null },
    ...overrides,
  });

  it('lists what was merged, by whom, and restores a merged-away record', async () => {
    // The summary names records by id only: the dialog's name comes from restore.recordName.
    const history: HistoryPage = { actions: [action(5, { summary: 'Merged 12 into 11' }), action(4, { performedBy: 'automatic-cleanup', summary: 'Merged Ann Lee into Anne Lee', restore: { available: false, restoredAsId: '77', reason: 'Already restored', recordName: 'Ann Lee' } })], page: 1, pageSize: 20, total: 2 };
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/cleanup/history': () => json(history),
      'POST /api/cleanup/actions/5/restore': () => json({ action: action(5), restoredId: '88', message: 'Bob Smith was recreated as record 88: HubSpot cannot unmerge, so it has a new id.' }),
    });
    renderApp('/duplicates?view=history');
    const list = await screen.findByRole('list', { name: 'History of record actions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Merged 12 into 11');
    expect(first).toHaveTextContent('You');
    expect(second).toHaveTextContent('Automatic cleanup');
    expect(second).toHaveTextContent('restored as record 77');
    expect(within(second!).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    fireEvent.click(within(first!).getByRole('button', { name: 'Restore' }));

    // Restore asks first, naming what will be created, and writes nothing until confirmed.
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore Bob Smith?' });
    expect(dialog).toHaveTextContent('The contact Bob Smith will be recreated: a new record with a new id will be created in HubSpot from the backup.');
    expect(dialog).toHaveTextContent('restored from the backup taken before the merge');
    expect(api.callsTo('POST', '/api/cleanup/actions/5/restore')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/cleanup/actions/5/restore')).toHaveLength(0);

    fireEvent.click(within(first!).getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore contact' }));
    expect(await screen.findByText('Bob Smith was recreated as record 88: HubSpot cannot unmerge, so it has a new id.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/cleanup/actions/5/restore')).toHaveLength(1);
  });

  it('undoes a dismissal: the group is asked back, History reads again and the entry says it was undone', async () => {
    let undone = false;
    const dismissal = (): RecordActionView =>
      action(6, { actionType: 'dismiss', mergeId: null, groupId: 31, summary: 'Dismissed 11, 12 as not duplicates', resultId: null, restore: { available: false, restoredAsId: null, reason: null, recordName: null }, undo: { available: !undone, undoneAt: undone ? '2025-03-02T09:00:00.000Z' : null } });
    const api = fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/cleanup/history': () => json({ actions: [dismissal()], page: 1, pageSize: 20, total: 1 }),
      'POST /api/duplicates/31/undo-dismiss': () => {
        undone = true;
        return json({ id: 31, status: 'pending' });
      },
    });
    renderApp('/duplicates?view=history');
    const list = await screen.findByRole('list', { name: 'History of record actions' });
    const [entry] = within(list).getAllByRole('listitem');
    expect(within(entry!).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();
    fireEvent.click(within(entry!).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Dismissal undone')).toBeInTheDocument();
    expect(screen.getByText('The group is back in the duplicates list.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/duplicates/31/undo-dismiss')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument());
    expect(within(list).getByText(/undone/)).toBeInTheDocument();
  });

  it('summarises what automatic cleanup merged after each scheduled scan', async () => {
    fakeApi({
      'GET /api/user': () => json(makeUser()),
      'GET /api/cleanup/history': () => json({ actions: [action(9, { performedBy: 'automatic-cleanup' })], page: 1, pageSize: 20, total: 1 }),
      'GET /api/cleanup/automatic-runs': () =>
        json({
          runs: [
            {
              id: 3,
              scanRunId: 12,
              status: 'completed',
              message: 'Merged 3 groups of duplicates (4 records) after the scheduled scan.',
              minConfidence: 0.95,
              maxMergesPerRun: 3,
              eligibleGroups: 5,
              mergedGroups: 3,
              mergedRecords: 4,
              failedGroups: 0,
              deferredGroups: 2,
              skipped: [],
              merges: [],
              createdAt: '2025-03-02T03:00:00.000Z',
              finishedAt: '2025-03-02T03:01:00.000Z',
            },
          ],
          page: 1,
          pageSize: 5,
          total: 1,
        }),
    });
    renderApp('/duplicates?view=history');
    const runs = await screen.findByRole('region', { name: 'Automatic cleanup' });
    expect(runs).toHaveTextContent('Merged 3 groups of duplicates (4 records) after the scheduled scan.');
    expect(runs).toHaveTextContent('3 of 5 eligible groups merged (4 records) · 2 left for the next run (limit 3 per run)');
  });
});
