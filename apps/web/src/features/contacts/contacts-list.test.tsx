import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact } from './contact-fixtures.ts';
import { ContactsList } from './contacts-list.tsx';
import { pageSizeStorageKey } from './grid-settings.ts';

function renderList(total = 60) {
  const api = createFakeApi({
    'GET /contacts/page': ({ query }) => {
      const take = Number(query.get('$take'));
      const skip = Number(query.get('$skip'));
      const documents = Array.from({ length: Math.max(0, Math.min(take, total - skip)) }, (_, i) =>
        makeContact(skip + i + 1),
      );
      return { body: { documents, total } };
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
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(lastPageQuery(api.calls)?.get('$take')).toBe('25');
    expect(lastPageQuery(api.calls)?.get('$orderby')).toBe('imported desc');

    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(lastPageQuery(api.calls)?.get('$skip')).toBe('25'));

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
