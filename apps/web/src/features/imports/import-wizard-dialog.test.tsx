import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ImportRunState, NetworkProfile } from '@outpilot/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../bridge/bridge-error.ts';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge, type FakeHandler } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ImportWizardDialog } from './import-wizard-dialog.tsx';

const member: NetworkProfile = {
  entityId: 'ACoAA1',
  publicIdentifier: 'ada-lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  headline: 'Analyst',
  picture: null,
  location: 'London',
  company: null,
  degree: 'SELF',
  isPremium: false,
  hasSalesNavigator: false,
};
const searchUrl = 'https://www.linkedin.com/search/results/people/?keywords=engineer';
const importId = '6ba7b810-9dad-41d1-80b4-00c04fd430c8';

function renderWizard({
  isPro = false,
  networkProfile = member,
  handlers = {},
  apiRoutes = {},
}: {
  isPro?: boolean;
  networkProfile?: NetworkProfile | null;
  handlers?: Record<string, FakeHandler>;
  apiRoutes?: Parameters<typeof createFakeApi>[0];
} = {}) {
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.getMyProfile': () => makeProfile({ isProPlanAccessible: isPro }),
      'network.getMyProfile': () => networkProfile,
      'export.state': () => null,
      ...handlers,
    },
  });
  const api = createFakeApi(apiRoutes);
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    routes: [
      { path: '/', element: <ImportWizardDialog open onClose={() => undefined} /> },
      { path: '/contacts/import/:id', element: <p>Results page</p> },
    ],
  });
  return { bridge, api, view };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.getByRole('radio', { name });
const run = (state: Partial<ImportRunState>): ImportRunState => ({
  phase: 'changed',
  processed: 0,
  total: 10,
  exported: 0,
  navigationUrl: null,
  exportError: null,
  ...state,
});

async function chooseSource(name: string) {
  await waitFor(() => expect(card(name)).toBeEnabled());
  fireEvent.click(card(name));
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('ImportWizardDialog', () => {
  it('shows the seven sources with their disabled rules and enables Next once one is chosen', async () => {
    renderWizard();
    const dialog = await screen.findByRole('dialog', { name: /Import Contacts/ });
    expect(within(dialog).getByText('Step 1 / 3')).toBeInTheDocument();
    expect(await within(dialog).findByText('How do you want to import contacts?')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    await waitFor(() => expect(card('Basic network search')).toBeEnabled());
    expect(card('Recruiter search')).toBeDisabled();
    expect(within(dialog).getByText('Coming soon')).toBeInTheDocument();
    expect(card('Sales Navigator search')).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Update to Pro' })).toHaveAttribute('href', '/upgrade');
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    fireEvent.click(card('Group members'));
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('disables the network sources with the sign-in tooltip when the browser is not signed in', async () => {
    renderWizard({ isPro: true, networkProfile: null });
    await screen.findByRole('dialog');
    await waitFor(() => expect(card('Basic network search')).toBeDisabled());
    expect(
      screen.getAllByLabelText('Please, sign in at LinkedIn as Ada Lovelace to proceed.').length,
    ).toBeGreaterThan(0);
    // A CSV file is read by the server, not on the network: it stays available.
    expect(card('Upload customized profiles')).toBeEnabled();
  });

  it('checks the link, counts it, runs the import with progress and opens the results', async () => {
    const { bridge } = renderWizard({
      handlers: {
        'export.count': () => ({ total: 42 }),
        'export.start': () => run({ phase: 'starting', total: 0 }),
      },
    });
    await chooseSource('Basic network search');
    expect(screen.getByText('Step 2 / 3')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Basic network search URL' });
    fireEvent.change(input, { target: { value: 'https://example.com/nope' } });
    expect(await screen.findByText('Check your link and try again')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    fireEvent.change(input, { target: { value: searchUrl } });
    expect(await screen.findByText('42 profiles found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Processing')).toBeInTheDocument();
    expect(bridge.calls.find((call) => call.command === 'start')?.payload).toEqual({
      source: 'network_search',
      url: searchUrl,
    });

    act(() =>
      bridge.emit({
        channel: 'outpilot-bridge',
        kind: 'event',
        event: 'exportStateChanged',
        payload: run({ processed: 12 }),
      }),
    );
    expect(await screen.findByText('Processed 10 / 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );

    act(() =>
      bridge.emit({
        channel: 'outpilot-bridge',
        kind: 'event',
        event: 'exportStateChanged',
        payload: run({
          phase: 'completed',
          processed: 10,
          exported: 7,
          navigationUrl: `/contacts/import/${importId}`,
        }),
      }),
    );
    expect(await screen.findByText('Upload is completed')).toBeInTheDocument();
    expect(screen.getByText('7 profiles were uploaded')).toBeInTheDocument();
    expect(screen.getByText('3 profiles are invisible or duplicates and were skipped.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByText('Results page')).toBeInTheDocument();
  });

  it('shows the Sales Navigator text, other messages, and the failure texts', async () => {
    let failure: Error = new BridgeError({ name: 'SalesNavigatorNotAuthorized', message: 'x' });
    const { bridge } = renderWizard({
      isPro: true,
      handlers: {
        'export.count': () => {
          throw failure;
        },
        'export.start': () => run({ phase: 'starting' }),
      },
    });
    await chooseSource('Sales Navigator search');
    const input = screen.getByRole('textbox', { name: 'Sales Navigator search URL' });
    fireEvent.change(input, {
      target: { value: 'https://www.linkedin.com/sales/search/people?savedSearchId=123' },
    });
    expect(
      await screen.findByText(
        "This import requires active Sales Navigator subscription, looks like you don't have it.",
      ),
    ).toBeInTheDocument();
    failure = new BridgeError({ name: 'EmptySearchPage', message: 'The search page is empty' });
    fireEvent.change(input, {
      target: { value: 'https://www.linkedin.com/sales/search/people?savedSearchId=124' },
    });
    expect(await screen.findByText('The search page is empty')).toBeInTheDocument();
    expect(bridge.calls.filter((call) => call.command === 'count')).toHaveLength(2);
  });

  it('counts pasted profile URLs after typing stops and shows a failed run', async () => {
    const { bridge } = renderWizard({
      handlers: {
        'export.countProfileUrls': (payload) => ({
          total: String((payload as { text: string }).text).split('\n').length,
          identifiers: [],
          invalid: 0,
        }),
        'export.start': () => run({ phase: 'starting' }),
        'export.stop': () => null,
      },
    });
    await chooseSource('Upload profile URLs');
    const box = screen.getByRole('textbox', { name: 'Profile URLs' });
    expect(box).toHaveAttribute('rows', '8');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.change(box, {
      target: { value: 'https://www.linkedin.com/in/a/\nhttps://www.linkedin.com/in/b/' },
    });
    expect(await screen.findByText('2 profiles found')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Processing');
    act(() =>
      bridge.emit({
        channel: 'outpilot-bridge',
        kind: 'event',
        event: 'exportStateChanged',
        payload: run({ phase: 'failed', exportError: { name: 'BadGatewayError' } }),
      }),
    );
    expect(await screen.findByText('Bad gateway')).toBeInTheDocument();
  });

  it('ignores pasted text that is blank after trimming: no count, no "0 profiles found"', async () => {
    const { bridge } = renderWizard({
      handlers: { 'export.countProfileUrls': () => ({ total: 0, identifiers: [], invalid: 0 }) },
    });
    await chooseSource('Upload profile URLs');
    const box = screen.getByRole('textbox', { name: 'Profile URLs' });
    fireEvent.change(box, { target: { value: ' \n\t  \n ' } });
    // Past the 300 ms the box waits for typing to stop.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(screen.queryByText(/profiles found/)).not.toBeInTheDocument();
    expect(bridge.calls.filter((call) => call.command === 'countProfileUrls')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('Back from processing stops the run', async () => {
    const { bridge } = renderWizard({
      handlers: {
        'export.countProfileUrls': () => ({ total: 1, identifiers: ['a'], invalid: 0 }),
        'export.start': () => run({ phase: 'started' }),
        'export.stop': () => run({ phase: 'stopped' }),
      },
    });
    await chooseSource('Upload profile URLs');
    fireEvent.change(screen.getByRole('textbox', { name: 'Profile URLs' }), {
      target: { value: 'https://www.linkedin.com/in/a/' },
    });
    await screen.findByText('1 profiles found');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Processing');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(bridge.calls.some((call) => call.command === 'stop')).toBe(true));
    expect(await screen.findByText('Step 2 / 3')).toBeInTheDocument();
  });

  it('reads a real CSV file locally, refuses a foreign one, and uploads it to the server', async () => {
    const { api } = renderWizard({
      apiRoutes: {
        'POST /imports/csv': () => ({
          body: {
            id: importId,
            name: 'semicolon-with-sep-line',
            source_uri: null,
            source_type: 'csv_file',
            created: '2026-11-22T10:00:00.000Z',
            state: 'completed',
            processed: 3,
            total: 3,
            uploaded_count: 2,
            skipped_count: 1,
          },
        }),
      },
    });
    // File calls go through fetch directly (not the JSON client).
    vi.stubGlobal('fetch', api.fetch);
    await chooseSource('Upload customized profiles');
    const input = screen.getByLabelText('CSV file');
    const fixture = (name: string) =>
      new File([readFileSync(path.join(import.meta.dirname, '../../../../../e2e/fixtures', name))], name, {
        type: 'text/csv',
      });

    fireEvent.change(input, { target: { files: [fixture('other-product-connections.csv')] } });
    expect(await screen.findByText('This file is not Outpilot csv file')).toBeInTheDocument();

    fireEvent.change(input, { target: { files: [fixture('semicolon-with-sep-line.csv')] } });
    expect(await screen.findByText('Well done!')).toBeInTheDocument();
    expect(screen.getByText('3 profiles found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try with another file' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Upload is completed')).toBeInTheDocument();
    expect(screen.getByText('2 profiles were uploaded')).toBeInTheDocument();
    expect(screen.getByText('1 profiles are invisible or duplicates and were skipped.')).toBeInTheDocument();
    const upload = api.calls.find((call) => call.path === '/imports/csv');
    expect(upload?.query.get('file_name')).toBe('semicolon-with-sep-line.csv');
  });

  it('blocks a file upload while another run is going', async () => {
    const { bridge, api } = renderWizard();
    await chooseSource('Upload customized profiles');
    const file = new File(
      [
        'LinkedIn Profile,First Name,Last Name,Company Name,Position Title,Country,Custom Field 1,Custom Field 2,Custom Field 3\n' +
          'https://www.linkedin.com/in/someone-e2e/,Some,One,,,,,,\n',
      ],
      'one.csv',
    );
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await screen.findByText('1 profiles found');
    // A run started elsewhere (another tab) after the wizard opened.
    bridge.handlers['export.state'] = () => run({ phase: 'changed', processed: 3 });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Finish the started export')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/imports/csv')).toBe(false);
  });

  it('shows the run the agent resumed after a reload, and forgets it once closed after its end', async () => {
    const { bridge } = renderWizard({
      handlers: {
        'export.state': () => run({ phase: 'changed', processed: 25, total: 60, exported: 20 }),
        'export.clear': () => ({}),
      },
    });
    expect(await screen.findByText('Step 3 / 3')).toBeInTheDocument();
    expect(screen.getByTestId('import-progress')).toHaveTextContent('Processed 25 / 60');
    act(() => {
      bridge.emit({
        channel: 'outpilot-bridge',
        kind: 'event',
        event: 'exportStateChanged',
        payload: run({
          phase: 'completed',
          processed: 60,
          total: 60,
          exported: 51,
          navigationUrl: `/contacts/import/${importId}`,
        }),
      });
    });
    expect(await screen.findByText('Upload is completed')).toBeInTheDocument();
    expect(screen.getByText('51 profiles were uploaded')).toBeInTheDocument();
    expect(screen.getByText('9 profiles are invisible or duplicates and were skipped.')).toBeInTheDocument();
    expect(bridge.calls.some((call) => call.command === 'clear')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(bridge.calls.some((call) => call.command === 'clear')).toBe(true));
  });
});
