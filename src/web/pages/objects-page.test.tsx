import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactRecord, contactsPage, quality } from '../features/objects/object-fixtures';
import { TOUR_STORAGE_KEYS } from '../features/tour/tour-state';
import { fakeApi, json, makeUser, type Handler } from '../test/fake-api';
import { currentUrl, renderApp } from '../test/render-app';

// The whole app renders (route guard, shell, lazy page): a busy machine can outlast the default wait.
configure({ asyncUtilTimeout: 4000 });

beforeAll(async () => {
  await import('./objects-page');
});

beforeEach(() => {
  window.localStorage.setItem(TOUR_STORAGE_KEYS.firstVisit, '2025-01-01T00:00:00.000Z');
});

function objectsApi(handlers: Record<string, Handler> = {}) {
  return fakeApi({ 'GET /api/user': () => json(makeUser()), 'GET /api/objects/contacts': () => json(contactsPage()), ...handlers });
}

/** The query of the latest list request, as a plain object. */
function lastQuery(api: ReturnType<typeof fakeApi>, path = '/api/objects/contacts'): Record<string, string> {
  const call = api.callsTo('GET', path).at(-1);
  return Object.fromEntries(new URL(call!.url, 'http://localhost').searchParams);
}

const table = () => screen.getByRole('table');
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

describe('/objects/{type}', () => {
  it('lists the records with their key fields, problems and links to each record', async () => {
    const api = objectsApi();
    renderApp('/objects/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contacts' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getByText(/60 in all/)).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ page: '1', pageSize: '25', sort: 'recent' });

    expect(within(rowOf('Grace Hopper')).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/objects/contacts/101');
    expect(within(rowOf('Grace Hopper')).getByText('No problems')).toBeInTheDocument();
    const alan = rowOf('Alan Turing');
    expect(within(alan).getByText('No email')).toBeInTheDocument();
    // The empty key field says so; the mobile number stands in for the phone.
    expect(within(alan).getByText('Missing')).toBeInTheDocument();
    expect(within(alan).getByText('+44 20 7946 0958')).toBeInTheDocument();
    expect(within(rowOf('Barbara Liskov')).getByText('Invalid phone')).toBeInTheDocument();
    expect(within(rowOf('Barbara Liskov')).getByText('(invalid)')).toBeInTheDocument();
    const donald = rowOf('Donald Knuth');
    expect(within(donald).getByText('Stale, 412 days')).toBeInTheDocument();
    expect(within(donald).getByText('Possible duplicate')).toBeInTheDocument();
    expect(within(donald).getByText('No phone number')).toBeInTheDocument();
  });

  it('shows a chip per check with its count over the type, and filters by one', async () => {
    const api = objectsApi();
    const { router } = renderApp('/objects/contacts');
    const chips = await screen.findByRole('list', { name: 'Show records with a problem' });
    expect(within(chips).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All records60',
      'Missing key fields12',
      'Invalid email0',
      'Invalid phone3',
      'Stale7',
      'Possible duplicate4',
    ]);
    expect(within(chips).getByRole('button', { name: /All records/ })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(chips).getByRole('button', { name: /Stale/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts?flag=stale'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ flag: 'stale', page: '1' }));
    expect(within(chips).getByRole('button', { name: /Stale/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Nothing about the record has changed for more than 365 days.')).toBeInTheDocument();
    // The list on screen, every page of it, as a file.
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/objects/contacts/records.csv?sort=recent&flag=stale');

    // Pressing it again shows every record.
    fireEvent.click(within(chips).getByRole('button', { name: /Stale/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts'));
  });

  it('hides the checks a type does not have', async () => {
    objectsApi({ 'GET /api/objects/deals': () => json(contactsPage({ objectType: 'deals', records: [], counts: { all: 0, 'missing-fields': 0, 'invalid-email': 0, 'invalid-phone': 0, stale: 0, 'possible-duplicate': 0 }, checks: ['missing-fields', 'stale', 'possible-duplicate'] })) });
    renderApp('/objects/deals');
    expect(await screen.findByRole('heading', { name: 'No deals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('list', { name: 'Show records with a problem' })).not.toBeInTheDocument();
  });

  it('searches once typing pauses, keeps the search in the address and starts again from page 1', async () => {
    const api = objectsApi();
    const { router } = renderApp('/objects/contacts?page=2');
    const box = await screen.findByRole('searchbox', { name: 'Search contacts' });
    expect(box).toHaveAttribute('placeholder', 'Search by name, email, phone, company or record ID');
    const before = api.callsTo('GET', '/api/objects/contacts').length;
    fireEvent.change(box, { target: { value: 'hop' } });
    fireEvent.change(box, { target: { value: 'hopper' } });
    expect(api.callsTo('GET', '/api/objects/contacts')).toHaveLength(before);
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts?search=hopper'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ search: 'hopper', page: '1' }));
    // One request for the pause, not one per keystroke.
    expect(api.callsTo('GET', '/api/objects/contacts').filter((c) => c.url.includes('search=hop')).map((c) => new URL(c.url, 'http://x').searchParams.get('search'))).toEqual(['hopper']);
  });

  it('says when nothing matches, and clears the search', async () => {
    objectsApi({ 'GET /api/objects/contacts': () => json(contactsPage({ records: [], total: 0 })) });
    const { router } = renderApp('/objects/contacts?search=zzz');
    expect(await screen.findByRole('heading', { name: 'No contacts match' })).toBeInTheDocument();
    expect(screen.getByText('Nothing matches “zzz”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('zzz');
    fireEvent.click(screen.getByRole('button', { name: 'Show all contacts' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts'));
    // The field follows the address.
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue(''));
  });

  it('pages through the records', async () => {
    const api = objectsApi({
      'GET /api/objects/contacts': () => {
        const page = Number(lastQuery(api).page);
        return json(contactsPage({ page }));
      },
    });
    const { router } = renderApp('/objects/contacts');
    const pages = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1–25 of 60')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts?page=2'));
    expect(await within(pages).findByText('26–50 of 60')).toBeInTheDocument();
    expect(within(pages).getByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('changes the order', async () => {
    const api = objectsApi();
    const { router } = renderApp('/objects/contacts');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Sort by' }), { target: { value: 'oldest' } });
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts?sort=oldest'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ sort: 'oldest' }));
  });

  it('switches between object types', async () => {
    objectsApi({ 'GET /api/objects/companies': () => json(contactsPage({ objectType: 'companies', records: [], total: 0 })) });
    const { router } = renderApp('/objects/contacts?flag=stale');
    const types = await screen.findByRole('navigation', { name: 'Object types' });
    expect(within(types).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(within(types).getByRole('link', { name: 'Companies' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/companies'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Companies' })).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    objectsApi({ 'GET /api/objects/contacts': () => (fail ? json({ message: 'boom', code: 'INTERNAL_ERROR' }, 500) : json(contactsPage())) });
    renderApp('/objects/contacts');
    expect(await screen.findByText('Your contacts could not be loaded. Check your connection and try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(await screen.findByRole('table')).findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });

  it('is Page Not Found for an unknown object type', async () => {
    objectsApi();
    renderApp('/objects/people');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });
});

describe('/objects/{type}/{id}', () => {
  it('explains the problems in words, key fields first, and links the possible duplicates', async () => {
    const api = objectsApi({ 'GET /api/objects/contacts/104': () => json(contactRecord()) });
    renderApp('/objects/contacts/104');
    expect(await screen.findByRole('heading', { level: 1, name: 'Donald Knuth' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/objects/contacts/104')).toHaveLength(1);

    const problems = screen.getByRole('region', { name: 'Data quality' });
    expect(within(problems).getByText('Phone Number “12345” can\'t be read as a phone number')).toBeInTheDocument();
    expect(within(problems).getByText('Not updated for 412 days (more than 365)')).toBeInTheDocument();
    expect(within(problems).getByText('Possibly a duplicate: it is in a group waiting for review')).toBeInTheDocument();

    const keys = within(screen.getByRole('region', { name: 'Key fields' })).getAllByRole('term').map((term) => term.textContent);
    expect(keys).toEqual(['Email', 'First Name', 'Last Name', 'Phone Number']);
    const others = screen.getByRole('region', { name: 'Other properties' });
    expect(within(others).getAllByRole('term').map((term) => term.textContent)).toEqual(['Company Name', 'Job Title', 'Create Date']);
    expect(within(others).getByText('May 1, 2019')).toBeInTheDocument();

    const duplicates = screen.getByRole('region', { name: 'Possible duplicates' });
    expect(within(duplicates).getByText('Same Email')).toBeInTheDocument();
    expect(within(duplicates).getByText('97.3%')).toBeInTheDocument();
    expect(within(duplicates).getByRole('link', { name: 'Don Knuth' })).toHaveAttribute('href', '/objects/contacts/188');
    expect(within(duplicates).getByRole('link', { name: 'Review this group' })).toHaveAttribute('href', '/duplicates?group=77');
    expect(screen.getByRole('link', { name: /All contacts/ })).toHaveAttribute('href', '/objects/contacts');
  });

  it('names each missing key field and says when nothing is wrong', async () => {
    objectsApi({
      'GET /api/objects/contacts/102': () =>
        json(contactRecord({ id: '102', name: 'Alan Turing', properties: { firstname: 'Alan', lastname: 'Turing' }, quality: quality({ flags: ['missing-fields'], missingFields: ['email', 'phone'] }), duplicateGroups: [] })),
      'GET /api/objects/contacts/101': () => json(contactRecord({ id: '101', name: 'Grace Hopper', quality: quality(), duplicateGroups: [] })),
    });
    const { router } = renderApp('/objects/contacts/102');
    const problems = await screen.findByRole('region', { name: 'Data quality' });
    expect(within(problems).getByText('No email address')).toBeInTheDocument();
    expect(within(problems).getByText('No phone number (nor a mobile number)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Key fields' })).getAllByText('Missing')).toHaveLength(2);
    expect(screen.getByText('No duplicates waiting for review.')).toBeInTheDocument();

    await router.navigate('/objects/contacts/101');
    expect(await screen.findByText(/No problems found/)).toBeInTheDocument();
  });

  it('goes back to the list as it was left', async () => {
    objectsApi({ 'GET /api/objects/contacts/101': () => json(contactRecord({ id: '101', name: 'Grace Hopper' })) });
    const { router } = renderApp('/objects/contacts?flag=stale&page=2');
    fireEvent.click(within(await screen.findByRole('table')).getByRole('link', { name: 'Grace Hopper' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts/101'));
    fireEvent.click(await screen.findByRole('link', { name: /All contacts/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/objects/contacts?flag=stale&page=2'));
  });

  it('says when the record is not found, with the server’s reason', async () => {
    objectsApi({ 'GET /api/objects/contacts/150': () => json({ message: 'This contact was merged into contact 101 in HubSpot.', code: 'NOT_FOUND' }, 404) });
    renderApp('/objects/contacts/150');
    expect(await screen.findByRole('heading', { name: 'This contact is not in your data' })).toBeInTheDocument();
    expect(screen.getByText('This contact was merged into contact 101 in HubSpot.')).toBeInTheDocument();
  });
});

describe('/demo/objects', () => {
  it.each(['/demo/objects/contacts', '/demo/objects/deals/123'])('%s shows the objects-disabled page and reads no records', async (path) => {
    const api = fakeApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Objects are disabled in the demo' })).toBeInTheDocument();
    const page = screen.getByRole('region', { name: 'Objects are disabled in the demo' });
    expect(within(page).getByRole('link', { name: 'Back to the demo dashboard' })).toHaveAttribute('href', '/demo/dashboard');
    expect(within(page).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth?tab=register');
    expect(api.calls.filter((call) => call.url.includes('/objects'))).toEqual([]);
  });

  it('offers Register Interest in interest-only mode', async () => {
    fakeApi();
    renderApp('/demo/objects/contacts', { flags: { interestOnly: true } });
    const page = await screen.findByRole('region', { name: 'Objects are disabled in the demo' });
    expect(within(page).getByRole('link', { name: 'Register Interest' })).toHaveAttribute('href', '/auth?tab=register');
    expect(within(page).getByText(/Search all your contacts/)).toBeInTheDocument();
  });
});
