import type { ImportList } from '@outpilot/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ImportListHeader } from './import-list-header.tsx';

const list: ImportList = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Basic network search 2026-11-23 19:34',
  source_uri: 'https://www.linkedin.com/search/results/people/?keywords=engineer',
  source_type: 'network_search',
  created: '2026-11-23T19:34:00.000Z',
  state: 'completed',
  processed: 149,
  total: 149,
  uploaded_count: 138,
  skipped_count: 11,
};

function renderHeader(status = 200) {
  const api = createFakeApi({
    [`PUT /imports/${list.id}`]: ({ body }) =>
      status === 200
        ? { body: { ...list, ...(body as { name: string }) } }
        : { status, body: { name: 'UnprocessableEntity', message: 'Name is too long' } },
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', element: <ImportListHeader list={list} /> }] });
  return api;
}

const notice = () => document.querySelector('#notistack-snackbar');

describe('ImportListHeader', () => {
  it("renames the list on Enter, says 'Contact name is changed', and links to the source", async () => {
    const api = renderHeader();
    const name = await screen.findByRole('textbox', { name: 'List name' });
    expect(screen.getByRole('link', { name: 'Open the source of this list' })).toHaveAttribute(
      'href',
      list.source_uri,
    );
    fireEvent.change(name, { target: { value: `  ${'x'.repeat(60)}` } });
    expect(name).toHaveValue(`  ${'x'.repeat(48)}`);
    fireEvent.change(name, { target: { value: '  Warm leads  ' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    fireEvent.blur(name);
    await waitFor(() => expect(notice()).toHaveTextContent('Contact name is changed'));
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { name: 'Warm leads' },
    ]);
    expect(name).toHaveValue('Warm leads');
  });

  it('reverts an empty name without a call, and a refused one with the reason', async () => {
    const api = renderHeader(422);
    const name = await screen.findByRole('textbox', { name: 'List name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.blur(name);
    expect(name).toHaveValue(list.name);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(name, { target: { value: 'Refused' } });
    fireEvent.blur(name);
    await waitFor(() => expect(notice()).toHaveTextContent('Name is too long'));
    expect(name).toHaveValue(list.name);
  });
});
