import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact } from './contact-fixtures.ts';
import { ContactsList } from './contacts-list.tsx';
import { contactsQueryKeys } from './contacts-query-keys.ts';
import { pageSizeStorageKey } from './grid/grid-settings.ts';

/**
 * Waits until the text is in the document. The grid may re-render a row it has just shown (a new
 * node for the same cell), so an element found once is not asserted on afterwards.
 */
const showsText = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeInTheDocument());

/** The fake server's cursors name the row they follow; 'stale' ones it no longer takes. */
function renderList(total = 60) {
  const api = createFakeApi({
    'GET /contacts/page': ({ query }) => {
      const take = Number(query.get('$take'));
      const after = query.get('$after');
      if (after === 'cursor-stale')
        return {
          status: 422,
          body: { name: 'UnprocessableEntity', message: 'The $after cursor is not valid' },
        };
      const skip = after === null ? Number(query.get('$skip') ?? 0) : Number(after.replace('cursor-', ''));
      const documents = Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) =>
        makeContact(skip + i + 1),
      );
      const next = skip + take < total ? { next_cursor: `cursor-${skip + take}` } : {};
      return { body: { documents, total, ...next } };
    },
    'GET /contacts/delete/preview': () => ({
      body: { validation_rules_summary: [], valid_audience_count: 1 },
    }),
    'DELETE /contacts': () => ({ body: { deleted_count: 1 } }),
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    routes: [{ path: '/', element: <ContactsList showIntro /> }],
  });
  return { api, view };
}

const pageCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/contacts/page');
const lastPageQuery = (calls: ApiCall[]) => pageCalls(calls).at(-1)?.query;

beforeEach(() => {
  window.localStorage.clear();
});

describe('ContactsList', () => {
  it('asks for 25 imported desc by default, remembers a new page size and goes back to the first page', async () => {
    const { api, view } = renderList();
    await showsText('Person 1');
    expect(lastPageQuery(api.calls)?.get('$take')).toBe('25');
    expect(lastPageQuery(api.calls)?.get('$orderby')).toBe('imported desc');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await showsText('Person 26');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Items per page' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Show 50 items' }));
    await waitFor(() => expect(lastPageQuery(api.calls)?.get('$take')).toBe('50'));
    expect(lastPageQuery(api.calls)?.get('$skip')).toBe('0');
    expect(window.localStorage.getItem(pageSizeStorageKey)).toBe('50');

    view.unmount();
    const again = renderList();
    await screen.findByText('Person 1');
    expect(lastPageQuery(again.api.calls)?.get('$take')).toBe('50');
  });

  it('reads the next page after the cursor of the page before, and any other page by $skip', async () => {
    const { api } = renderList(60);
    await showsText('Person 1');
    expect(lastPageQuery(api.calls)?.get('$skip')).toBe('0');
    expect(lastPageQuery(api.calls)?.has('$after')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await showsText('Person 26');
    expect(lastPageQuery(api.calls)?.get('$after')).toBe('cursor-25');
    expect(lastPageQuery(api.calls)?.has('$skip')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await showsText('Person 51');
    expect(lastPageQuery(api.calls)?.get('$after')).toBe('cursor-50');

    // Another page size: no page of that size is known yet, so a jump is by $skip.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Items per page' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Show 10 items' }));
    await showsText('Person 10');
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 4' }));
    await showsText('Person 31');
    expect(lastPageQuery(api.calls)?.get('$skip')).toBe('30');
    expect(lastPageQuery(api.calls)?.has('$after')).toBe(false);
  });

  it('falls back to $skip when the server no longer takes the cursor', async () => {
    const { api, view } = renderList(60);
    await showsText('Person 1');
    const [firstPage] = view.queryClient.getQueriesData({ queryKey: contactsQueryKeys.pages });
    if (!firstPage) throw new Error('no first page in the cache');
    view.queryClient.setQueryData(firstPage[0], { ...(firstPage[1] as object), next_cursor: 'cursor-stale' });

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await showsText('Person 26');
    const [refused, retried] = pageCalls(api.calls).slice(-2);
    expect(refused?.query.get('$after')).toBe('cursor-stale');
    expect(retried?.query.get('$skip')).toBe('25');
    expect(retried?.query.has('$after')).toBe(false);
  });

  it('shows the columns the user chose last time', async () => {
    window.localStorage.setItem(
      'outpilot.grid.contacts.columns',
      JSON.stringify([
        { colId: 'custom_field_1', width: 200, hide: false },
        { colId: 'location', width: 180, hide: true },
      ]),
    );
    renderList();
    await screen.findByText('Person 1');
    // Let the list settle (its first answer re-renders the grid) before reading the columns.
    await waitFor(() => expect(screen.getByTestId('contacts-total')).toHaveTextContent('60 contacts'));
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = await screen.findByRole('menu');
    const ticked = (name: string) =>
      within(menu).getByRole('menuitemcheckbox', { name }).getAttribute('aria-checked') === 'true';
    expect(ticked('Custom 1')).toBe(true);
    expect(ticked('Location')).toBe(false);
    expect(ticked('Custom 2')).toBe(false);
    expect(ticked('Headline')).toBe(true);
  });

  it('renames a column from the Columns menu, remembers it per grid and gives the own title back when cleared', async () => {
    const { view } = renderList();
    await waitFor(() => expect(screen.getByTestId('contacts-total')).toHaveTextContent('60 contacts'));
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename columns' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Location' }), {
      target: { value: '  City  ' },
    });
    fireEvent.submit(within(dialog).getByRole('textbox', { name: 'Location' }));
    const header = () => screen.getByTestId('contacts-grid').querySelector('th[data-col-id="location"]');
    await waitFor(() => expect(header()).toHaveTextContent('City'));
    const stored = JSON.parse(window.localStorage.getItem('outpilot.grid.contacts.columns') ?? '[]');
    // Only the renamed column is stored: Custom 1-3 stay hidden.
    expect(stored).toEqual([{ colId: 'location', title: 'City' }]);
    // Another grid keeps its own titles.
    expect(window.localStorage.getItem('outpilot.grid.campaign-contacts.columns')).toBeNull();

    view.unmount();
    renderList();
    await waitFor(() => expect(header()).toHaveTextContent('City'));
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename columns' }));
    const again = await screen.findByRole('dialog', { name: 'Rename columns' });
    expect(within(again).getByRole('textbox', { name: 'Location' })).toHaveValue('City');
    fireEvent.change(within(again).getByRole('textbox', { name: 'Location' }), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(header()).toHaveTextContent('Location'));
    const cleared = JSON.parse(window.localStorage.getItem('outpilot.grid.contacts.columns') ?? '[]');
    expect(cleared.find((setting: { colId: string }) => setting.colId === 'location')?.title).toBeUndefined();
  });

  it('says inside the grid when nothing matches the search', async () => {
    const { api } = renderList(60);
    await screen.findByText('Person 1');
    api.routes['GET /contacts/page'] = () => ({ body: { documents: [], total: 0 } });
    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(search, { target: { value: 'nobody' } });
    fireEvent.blur(search);
    const grid = screen.getByTestId('contacts-grid');
    await waitFor(() => expect(within(grid).getByText('No contacts found')).toBeInTheDocument());
    expect(screen.getByTestId('contacts-total')).toHaveTextContent('0 contacts');
  });

  it('says why a custom date range cannot be applied', async () => {
    renderList();
    await screen.findByText('Person 1');
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const panel = await screen.findByRole('form', { name: 'Filters' });
    fireEvent.mouseDown(within(panel).getByRole('combobox', { name: 'Last Contacted' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Custom' }));
    expect(await within(panel).findByText('Choose a From or To date')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeDisabled();

    fireEvent.change(within(panel).getByLabelText('Last Contacted from'), {
      target: { value: '2026-11-20' },
    });
    fireEvent.change(within(panel).getByLabelText('Last Contacted to'), { target: { value: '2026-11-01' } });
    expect(within(panel).getByText('From must be on or before To')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeDisabled();

    fireEvent.change(within(panel).getByLabelText('Last Contacted to'), { target: { value: '2026-11-30' } });
    expect(within(panel).queryByText('From must be on or before To')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('searches on Enter with escaped keywords', async () => {
    const { api } = renderList();
    await screen.findByText('Person 1');
    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    fireEvent.change(search, { target: { value: 'a+b' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(lastPageQuery(api.calls)?.get('keywords')).toBe('a\\+b'));
  });

  it('shows the intro when there are no contacts and no filters', async () => {
    renderList(0);
    expect(
      await screen.findByText('5 minutes guide on how to launch your first campaign'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add contacts' })).toBeInTheDocument();
    // A built-in walkthrough, not a video frame that plays nothing.
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Add contacts',
      'Create a campaign',
      'Compose its steps',
      'Launch it',
    ]);
    const guide = screen.getByRole('link', { name: 'More in the Help Center' });
    expect(guide).toHaveAttribute('href', 'https://help.outpilot.test');
    expect(guide).toHaveAttribute('target', '_blank');
  });

  it('deletes one contact after the preview and says so', async () => {
    const { api } = renderList();
    await screen.findByText('Person 1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Person 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete contacts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(document.querySelector('#notistack-snackbar')).toHaveTextContent(
        'Contacts are deleted from the system',
      ),
    );
    const deleteCall = api.calls.find((call) => call.method === 'DELETE');
    expect(deleteCall?.query.get('filter')).toBe("id in ('6ba7b810-9dad-41d1-80b4-000000000001')");
  });
});
