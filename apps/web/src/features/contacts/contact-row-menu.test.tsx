import type { ContactDocument } from '@outpilot/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiRoute, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { makeContact } from './contact-fixtures.ts';
import { ContactsList } from './contacts-list.tsx';

const running = { id: '11111111-1111-4111-8111-111111111111', name: 'Spring outreach' };
const archived = { id: '22222222-2222-4222-8222-222222222222', name: 'Old founders' };
const draft = { id: '33333333-3333-4333-8333-333333333333', name: 'Next quarter' };

const inCampaigns = makeContact(1, { campaigns: [running.id, archived.id, draft.id] });
const hidden = makeContact(2, {
  linkedin_public_identifier: null,
  actions: { open_linkedin_profile: { enabled: false, hint: 'The profile is hidden' } },
});

const executionsOfContact: ApiRoute = () => ({
  body: {
    documents: [
      { campaign_id: archived.id, campaign_name: archived.name, state: 'Succeed', human_state: 'Connected' },
      { campaign_id: running.id, campaign_name: running.name, state: 'InQueue', human_state: 'In queue' },
    ],
    total: 2,
  },
});

function renderMenuOf(rows: ContactDocument[], executions: ApiRoute = executionsOfContact) {
  const api = createFakeApi({
    'GET /contacts/page': () => ({ body: { documents: rows, total: rows.length } }),
    'GET /executions/page': executions,
    // GET campaigns/page answers archived campaigns only when asked for them.
    'GET /campaigns/page': ({ query }) => ({
      body: {
        documents: (query.get('archived') === 'true' ? [archived] : [running, draft]).filter((campaign) =>
          query.get('$filter')?.includes(campaign.id),
        ),
        total: 1,
      },
    }),
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', element: <ContactsList showIntro /> }] });
  return api;
}

async function openMenuOf(name: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return screen.findByRole('menu');
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('the contacts row menu', () => {
  it("lists the contact's campaigns with their states, each opening its page in a new tab", async () => {
    const api = renderMenuOf([inCampaigns, hidden]);
    const menu = await openMenuOf('Person 1');
    expect(within(menu).getByText('Participate in campaigns')).toBeInTheDocument();

    const items = await within(menu).findAllByRole('menuitem', { name: /Spring|Old|Next/ });
    expect(
      items.map((item) => [item.textContent, item.getAttribute('href'), item.getAttribute('target')]),
    ).toEqual([
      ['Old foundersConnected · Archived', `/archive/${archived.id}`, '_blank'],
      ['Spring outreachIn queue', `/campaigns/${running.id}`, '_blank'],
      ['Next quarterNot started', `/campaigns/${draft.id}`, '_blank'],
    ]);
    const profile = within(menu).getByRole('menuitem', { name: 'Open profile' });
    expect(profile).toHaveAttribute('href', expect.stringContaining('person-1'));
    expect(profile).toHaveAttribute('target', '_blank');

    const executions = api.calls.find((call) => call.path === '/executions/page');
    expect(executions?.query.get('$filter')).toBe(`linkedin_contact/id eq '${inCampaigns.id}'`);
    expect(executions?.query.get('$orderby')).toBe('created desc');
    // The filter panel asks campaigns/page for its options too; the menu's calls name ids.
    const campaignCalls = api.calls.filter(
      (call) => call.path === '/campaigns/page' && call.query.get('$filter')?.startsWith('id in'),
    );
    expect(campaignCalls.map((call) => [call.query.get('archived'), call.query.get('$filter')])).toEqual([
      ['true', `id in ('${running.id}', '${archived.id}', '${draft.id}')`],
      ['false', `id in ('${draft.id}')`],
    ]);
  });

  it("says 'No campaigns yet' without a call, and shows why Open profile is disabled", async () => {
    const api = renderMenuOf([inCampaigns, hidden]);
    const menu = await openMenuOf('Person 2');
    const empty = within(menu).getByRole('menuitem', { name: 'No campaigns yet' });
    expect(empty).toHaveAttribute('aria-disabled', 'true');
    const profile = within(menu).getByRole('menuitem', { name: /Open profile/ });
    expect(profile).toHaveAttribute('aria-disabled', 'true');
    expect(profile).toHaveTextContent('The profile is hidden');
    expect(profile).not.toHaveAttribute('href');
    expect(api.calls.some((call) => call.path === '/executions/page')).toBe(false);
  });

  it('says so in the menu when the campaigns cannot be loaded', async () => {
    renderMenuOf([inCampaigns], () => ({ status: 500, body: { name: 'Internal', message: 'boom' } }));
    const menu = await openMenuOf('Person 1');
    expect(
      await within(menu).findByRole('menuitem', { name: 'Campaigns could not be loaded' }),
    ).toHaveAttribute('aria-disabled', 'true');
  });
});
