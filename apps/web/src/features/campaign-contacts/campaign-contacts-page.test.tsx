import type { Campaign, ContactDocument, ExecutionsDeletePreview } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact, makeExecution } from '../contacts/contact-fixtures.ts';
import { CampaignContactsPage } from './campaign-contacts-page.tsx';

const draft = makeCampaign({ target_audience_count: 0 });
const started = { state: 'Running', started: '2026-03-05T10:00:00.000Z', allowAddSteps: false } as const;
const running = makeCampaign({ ...started, target_audience_count: 2 });
const people = [makeContact(1, { campaigns: [draft.id] }), makeContact(2, { campaigns: [draft.id] })];

function renderPage(
  campaign: Campaign,
  options: { contacts?: ContactDocument[]; isPro?: boolean; preview?: ExecutionsDeletePreview } = {},
) {
  const contacts = options.contacts ?? people;
  const withExecutions = contacts.map((contact) => ({
    ...contact,
    execution: makeExecution(contact, campaign),
  }));
  const api = createFakeApi({
    [`GET /campaigns/${campaign.id}`]: () => ({ body: campaign }),
    // Asked with_execution_of the campaign, each contact comes with its execution (contacts/page).
    'GET /contacts/page': ({ query }) => ({
      body: {
        documents: query.get('with_execution_of') === campaign.id ? withExecutions : contacts,
        total: contacts.length,
      },
    }),
    'GET /campaigns/page': () => ({ body: { documents: [], total: 0 } }),
    'GET /contacts/export': () => ({ file: { name: 'Outpilot_Export.csv', text: 'Name\n' } }),
    'GET /executions/delete/preview': () => ({
      body: options.preview ?? { validation_rules_summary: [], valid_audience_count: contacts.length },
    }),
    'DELETE /executions/delete': () => ({ body: { count: 1 } }),
  });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.getMyProfile': () => makeProfile({ isProPlanAccessible: options.isPro ?? false }),
    },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: `/campaigns/${campaign.id}/contacts`,
    routes: [{ path: '/campaigns/:id/contacts', element: <CampaignContactsPage /> }],
  });
  return { api, view };
}

/** The grid shows its rows and the total: the page's first answers are in. */
const settled = (count: number) =>
  waitFor(() => {
    expect(screen.getByTestId('contacts-total')).toHaveTextContent(`${count} contacts`);
    expect(screen.getByText('Person 1')).toBeInTheDocument();
  });
const pageQuery = (calls: ApiCall[]) => calls.filter((call) => call.path === '/contacts/page').at(-1)?.query;
const exportLogButton = () => screen.getByRole('button', { name: /^Export Interaction Log/ });
const notice = () => document.querySelector('#notistack-snackbar');

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('CampaignContactsPage', () => {
  it("offers Export Interaction Log to Pro only: otherwise disabled, with the 'pro' badge and 'Upgrade your plan to Pro'", async () => {
    const first = renderPage(running);
    await settled(2);
    await waitFor(() => expect(exportLogButton()).toBeDisabled());
    expect(within(exportLogButton()).getByText('pro')).toBeInTheDocument();
    // The disabled button takes no pointer: its wrapper shows the tooltip.
    fireEvent.mouseOver(exportLogButton().parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Upgrade your plan to Pro');
    first.view.unmount();

    renderPage(running, { isPro: true });
    await settled(2);
    await waitFor(() => expect(exportLogButton()).toBeEnabled());
    expect(within(exportLogButton()).queryByText('pro')).not.toBeInTheDocument();
  });

  it("Export Contacts downloads the campaign's contacts as the server names the file", async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const { api } = renderPage(running);
    await settled(2);
    fireEvent.click(screen.getByRole('button', { name: 'Export Contacts' }));

    await waitFor(() => expect(downloads).toEqual(['Outpilot_Export.csv']));
    const exportCall = api.calls.find((call) => call.path === '/contacts/export');
    // The list as shown: this campaign's contacts.
    expect(exportCall?.query.get('$filter')).toBe(pageQuery(api.calls)?.get('$filter'));
    expect(exportCall?.query.get('$filter')).toContain(running.id);
  });

  it('asks for contacts to launch a draft, and for more contacts for a started campaign (§2)', async () => {
    const first = renderPage(draft, { contacts: [] });
    expect(await screen.findByRole('region', { name: 'Launch' })).toHaveTextContent(
      'Add contacts to launch your campaign!',
    );
    first.view.unmount();

    renderPage(makeCampaign({ ...started, target_audience_count: 0 }), { contacts: [] });
    const prompt = await screen.findByRole('region', { name: 'Launch' });
    expect(prompt).toHaveTextContent('Add contacts to your campaign!');
    expect(prompt).not.toHaveTextContent('launch');
  });

  it("sorts a draft's contacts 'created asc' and a started campaign's 'imported desc' (§2)", async () => {
    const first = renderPage(draft);
    await settled(2);
    expect(pageQuery(first.api.calls)?.get('$orderby')).toBe('created asc');
    first.view.unmount();

    const started = renderPage(running);
    await settled(2);
    expect(pageQuery(started.api.calls)?.get('$orderby')).toBe('imported desc');
  });

  it("shows a started campaign's step indicators from the contacts page itself, asking nothing else", async () => {
    const draftPage = renderPage(draft);
    await settled(2);
    expect(pageQuery(draftPage.api.calls)?.has('with_execution_of')).toBe(false);
    expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    draftPage.view.unmount();

    const { api } = renderPage(running);
    await settled(2);
    expect(pageQuery(api.calls)?.get('with_execution_of')).toBe(running.id);
    const steps = await screen.findAllByRole('list', { name: 'Steps' });
    expect(steps).toHaveLength(2);
    expect(within(steps[0] as HTMLElement).getByText('1. Connect: In queue')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === '/executions/page')).toEqual([]);
  });

  it("remembers the grid's column widths and hidden flags across a remount, apart from the contacts grid's", async () => {
    const first = renderPage(running);
    await settled(2);
    const resize = () => screen.getByRole('separator', { name: 'Resize Location' });
    const width = Number(resize().getAttribute('aria-valuenow'));
    fireEvent.keyDown(resize(), { key: 'ArrowRight' });
    fireEvent.keyDown(resize(), { key: 'ArrowRight' });
    await waitFor(() => expect(resize()).toHaveAttribute('aria-valuenow', String(width + 32)));
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Headline' }));
    const header = (colId: string) =>
      screen.getByTestId('contacts-grid').querySelector(`th[data-col-id="${colId}"]`);
    await waitFor(() => expect(header('occupation')).toBeNull());
    first.view.unmount();

    renderPage(running);
    await settled(2);
    expect(resize()).toHaveAttribute('aria-valuenow', String(width + 32));
    expect(header('occupation')).toBeNull();
    expect(header('location')).not.toBeNull();
    // Per grid: All Contacts keeps its own.
    expect(window.localStorage.getItem('outpilot.grid.contacts.columns')).toBeNull();
  });

  it('keeps Exclude off for an archived campaign, on the toolbar and in the row menus alike', async () => {
    const reason = 'The campaign is archived: unarchive it to exclude contacts';
    renderPage({ ...running, archived: true });
    await settled(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 1' }));
    const exclude = screen.getByRole('button', { name: 'Exclude' });
    expect(exclude).toBeDisabled();
    fireEvent.mouseOver(exclude.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);

    fireEvent.click(screen.getByRole('button', { name: 'Actions for Person 1' }));
    const item = within(await screen.findByRole('menu')).getByRole('menuitem', { name: /^Exclude/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveTextContent(reason);
  });

  it('excludes from a started campaign after the preview, saying how many go and how many stay (§5)', async () => {
    const rule = "Contacts with an action in progress can't be excluded";
    const { api } = renderPage(running, {
      preview: { validation_rules_summary: [{ count: 1, description: rule }], valid_audience_count: 1 },
    });
    await settled(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Person 2' }));
    expect(screen.getByTestId('selection-bar')).toHaveTextContent('2 of 2 selected |');
    fireEvent.click(screen.getByRole('button', { name: 'Exclude' }));

    const dialog = await screen.findByRole('dialog', { name: 'Exclude contacts' });
    expect(
      within(dialog).getByRole('list', { name: 'Contacts that will not be excluded' }),
    ).toHaveTextContent(`1 — ${rule}`);
    expect(dialog).toHaveTextContent('Will exclude 1 contact, 1 will not be excluded, proceed?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Contacts are excluded'));
    const excluded = api.calls.find((call) => call.method === 'DELETE');
    expect(excluded?.query.get('filter')).toBe(
      `campaign_id eq '${running.id}' and contact_id in ('${people[0]?.id}', '${people[1]?.id}')`,
    );
  });
});
