import type { ContactDocument, Execution, StepExecution } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiCall, type ApiRoute, createFakeApi, tokenHandler } from '../../../test/fake-api.ts';
import { createFakeBridge } from '../../../test/fake-bridge.ts';
import { makeProfile } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { formatWaitEnd } from '../../activities-queue/wait-reason-text.ts';
import { makeContact, makeExecution } from '../contact-fixtures.ts';
import { ContactsList } from '../contacts-list.tsx';

const running = { id: '11111111-1111-4111-8111-111111111111', name: 'Spring outreach' };
const archived = { id: '22222222-2222-4222-8222-222222222222', name: 'Old founders' };
const draft = { id: '33333333-3333-4333-8333-333333333333', name: 'Next quarter' };

const inCampaigns = makeContact(1, { campaigns: [running.id, archived.id, draft.id] });
const hidden = makeContact(2, {
  linkedin_public_identifier: null,
  actions: { open_linkedin_profile: { enabled: false, hint: 'The profile is hidden' } },
});
const onlyInDraft = makeContact(3, { campaigns: [draft.id] });

// Newest first, as GET executions/page answers with created desc: the running one is the latest.
const latest = makeExecution(inCampaigns, running);
const older = makeExecution(inCampaigns, archived, {
  created: '2026-01-02T10:00:00.000Z',
  state: 'Succeed',
  human_state: 'Connected',
  start_in: null,
  step_executions: [
    {
      step_number: 1,
      type: 'Connect',
      is_visible: true,
      state: 'Succeed',
      human_state: 'Connected',
      hint: null,
    },
  ],
  actions: { ...latest.actions, complete: { enabled: false, hint: 'The conversation is already finished' } },
});

function executionsOf(documents: Execution[]): ApiRoute {
  return ({ query }) => {
    const contactId = /linkedin_contact\/id eq '([^']+)'/.exec(query.get('$filter') ?? '')?.[1];
    const own = documents.filter((execution) => execution.linkedin_contact.id === contactId);
    return { body: { documents: own, total: own.length } };
  };
}

function renderMenuOf(
  rows: ContactDocument[],
  executions: ApiRoute = executionsOf([latest, older]),
  routes: Record<string, ApiRoute> = {},
) {
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
    ...routes,
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

/** The menu's item of an action, once the contact's executions are in (the item has its final state). */
async function itemOf(menu: HTMLElement, name: string) {
  await waitFor(() => expect(within(menu).queryByText('Loading campaigns…')).not.toBeInTheDocument());
  return within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) });
}

const notice = () => document.querySelector('#notistack-snackbar');
const pageCalls = (calls: ApiCall[]) => calls.filter((call) => call.path === '/contacts/page').length;

beforeEach(() => {
  window.localStorage.clear();
});

describe('the contacts row menu', () => {
  it("lists the contact's campaigns with their states, each opening its page in a new tab", async () => {
    const api = renderMenuOf([inCampaigns, hidden]);
    const menu = await openMenuOf('Person 1');
    expect(within(menu).getByText('Participate in campaigns')).toBeInTheDocument();

    await itemOf(menu, 'Show details');
    const items = within(menu)
      .getAllByRole('menuitem', { name: /Spring|Old|Next/ })
      .filter((item) => item.hasAttribute('href'));
    expect(
      items.map((item) => [item.textContent, item.getAttribute('href'), item.getAttribute('target')]),
    ).toEqual([
      ['Spring outreachIn queue', `/campaigns/${running.id}`, '_blank'],
      ['Old foundersConnected · Archived', `/archive/${archived.id}`, '_blank'],
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

  it('offers the actions in the order of the spec, on the latest execution, with the reasons of disabled ones', async () => {
    renderMenuOf([inCampaigns, hidden]);
    const menu = await openMenuOf('Person 1');
    await itemOf(menu, 'Complete');
    const actions = within(menu)
      .getAllByRole('menuitem')
      .slice(0, 5)
      .map((item) => [item.textContent, item.getAttribute('aria-disabled') === 'true']);
    expect(actions).toEqual([
      ['Show details', false],
      ['Open profile', false],
      ['Open conversationNo conversation with this contact yet', true],
      ['ExcludeSpring outreach', false],
      ['CompleteSpring outreach', false],
    ]);
  });

  it('keeps Exclude off when the latest campaign is archived, as that campaign’s own page does', async () => {
    // Only the archived campaign's execution: it is the latest.
    renderMenuOf([inCampaigns], executionsOf([older]));
    const menu = await openMenuOf('Person 1');
    const exclude = await itemOf(menu, 'Exclude');
    expect(exclude).toHaveAttribute('aria-disabled', 'true');
    expect(exclude).toHaveTextContent('ExcludeThe campaign is archived: unarchive it to exclude contacts');
  });

  it('disables what a contact in no campaign, or in no started one, cannot do, and says why', async () => {
    const api = renderMenuOf([inCampaigns, hidden, onlyInDraft]);
    const menu = await openMenuOf('Person 2');
    for (const name of ['Show details', 'Open conversation', 'Exclude', 'Complete']) {
      const item = within(menu).getByRole('menuitem', { name: new RegExp(`^${name}`) });
      expect(item).toHaveAttribute('aria-disabled', 'true');
      expect(item).toHaveTextContent(`${name}Not in a campaign yet`);
    }
    expect(within(menu).getByRole('menuitem', { name: 'No campaigns yet' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const profile = within(menu).getByRole('menuitem', { name: /Open profile/ });
    expect(profile).toHaveAttribute('aria-disabled', 'true');
    expect(profile).toHaveTextContent('The profile is hidden');
    expect(profile).not.toHaveAttribute('href');
    expect(api.calls.some((call) => call.path === '/executions/page')).toBe(false);
    fireEvent.keyDown(menu, { key: 'Escape' });

    const draftMenu = await openMenuOf('Person 3');
    for (const name of ['Exclude', 'Complete']) {
      expect(await itemOf(draftMenu, name)).toHaveTextContent(
        `${name}No campaign has started for this contact yet`,
      );
    }
    // Details can still list the draft it is a target of.
    expect(within(draftMenu).getByRole('menuitem', { name: 'Show details' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('opens the conversation in a new tab when the execution allows it', async () => {
    const url = 'https://www.linkedin.com/messaging/thread/2-abc/';
    renderMenuOf(
      [inCampaigns],
      executionsOf([
        {
          ...latest,
          conversation_url: url,
          actions: { ...latest.actions, open_conversation: { enabled: true, hint: null } },
        },
      ]),
    );
    const menu = await openMenuOf('Person 1');
    const conversation = await itemOf(menu, 'Open conversation');
    expect(conversation).toHaveAttribute('href', url);
    expect(conversation).toHaveAttribute('target', '_blank');
    expect(conversation).not.toHaveAttribute('aria-disabled');
  });

  it("shows the details of the contact's campaigns: state, when, and each step's state and hint", async () => {
    const paused = makeExecution(inCampaigns, running, {
      start_in: 0,
      step_executions: [
        {
          ...latest.step_executions[0],
          hint: 'The campaign is paused',
        } as Execution['step_executions'][number],
        ...latest.step_executions.slice(1),
      ],
    });
    renderMenuOf([inCampaigns], executionsOf([paused, older]));
    const menu = await openMenuOf('Person 1');
    fireEvent.click(await itemOf(menu, 'Show details'));
    const dialog = await screen.findByRole('dialog', { name: 'Campaigns of Person 1' });

    const spring = within(dialog).getByRole('region', { name: 'Spring outreach' });
    expect(within(spring).getByText('In queue')).toBeInTheDocument();
    expect(within(spring).getByText('Added 05/03/2026 · Processing')).toBeInTheDocument();
    const steps = within(spring).getByRole('list', { name: 'Steps of Spring outreach' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1. Connect — In queueThe campaign is paused', '2. Message — Not started']);

    const founders = within(dialog).getByRole('region', { name: 'Old founders' });
    expect(within(founders).getByText('Connected')).toBeInTheDocument();
    expect(within(founders).getByText('Archived')).toBeInTheDocument();
    expect(within(founders).getByText('Added 02/01/2026')).toBeInTheDocument();
    expect(within(founders).getByRole('link', { name: 'Old founders' })).toHaveAttribute(
      'href',
      `/archive/${archived.id}`,
    );
    const nextQuarter = within(dialog).getByRole('region', { name: 'Next quarter' });
    expect(within(nextQuarter).getByText('Not started')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows each step's state, date and message as rendered for the contact", async () => {
    const invited = '2026-03-02T10:15:00.000Z';
    const scheduled = '2026-03-09T09:30:00.000Z';
    const failed = '2026-03-03T11:00:00.000Z';
    const [connect, delay, message] = latest.step_executions as [StepExecution, StepExecution, StepExecution];
    const dated = makeExecution(inCampaigns, running, {
      step_executions: [
        {
          ...connect,
          state: 'Succeed',
          human_state: 'Connected',
          date: { kind: 'done', at: invited },
          message: 'Hi Person',
        },
        delay,
        {
          ...message,
          state: 'InQueue',
          human_state: 'In queue',
          date: { kind: 'scheduled', at: scheduled },
          message: 'Thanks Person from Initech!',
        },
      ],
    });
    const failedOne = makeExecution(inCampaigns, archived, {
      ...older,
      step_executions: [
        { ...connect, state: 'Failed', human_state: 'System error', date: { kind: 'failed', at: failed } },
      ],
    });
    renderMenuOf([inCampaigns], executionsOf([dated, failedOne]));
    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Show details'));
    const dialog = await screen.findByRole('dialog', { name: 'Campaigns of Person 1' });
    const stepsOf = (name: string) =>
      within(within(dialog).getByRole('list', { name: `Steps of ${name}` }))
        .getAllByRole('listitem')
        .map((step) => step.textContent);
    expect(stepsOf('Spring outreach')).toEqual([
      `1. Connect — ConnectedDone ${formatWaitEnd(invited)} — “Hi Person”`,
      `2. Message — In queueScheduled ${formatWaitEnd(scheduled)} — “Thanks Person from Initech!”`,
    ]);
    expect(stepsOf('Old founders')).toEqual([`1. Connect — System errorFailed ${formatWaitEnd(failed)}`]);
  });

  it('shows when the next action of an execution starts', async () => {
    renderMenuOf([inCampaigns]);
    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Show details'));
    const dialog = await screen.findByRole('dialog', { name: 'Campaigns of Person 1' });
    expect(within(dialog).getByText('Added 05/03/2026 · Starts in 2 h 5 min')).toBeInTheDocument();
  });

  it("completes the latest execution after a confirmation, refreshes the row and says 'Conversation is cancelled'", async () => {
    const api = renderMenuOf([inCampaigns], executionsOf([latest, older]), {
      [`PUT /executions/${latest.id}/complete`]: () => ({
        body: { ...latest, state: 'Cancelled', human_state: 'Cancelled by you' },
      }),
    });
    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Complete'));
    const dialog = await screen.findByRole('dialog', { name: 'Complete contact' });
    expect(dialog).toHaveTextContent(
      'Complete “Spring outreach” for Person 1? Its queued actions are cancelled.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Complete'));
    const pagesBefore = pageCalls(api.calls);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Complete contact' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    await waitFor(() => expect(notice()).toHaveTextContent('Conversation is cancelled'));
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      `/executions/${latest.id}/complete`,
    ]);
    await waitFor(() => expect(pageCalls(api.calls)).toBeGreaterThan(pagesBefore));
  });

  it("keeps Complete disabled with the server's hint when the latest execution is over", async () => {
    renderMenuOf([inCampaigns], executionsOf([older]));
    const complete = await itemOf(await openMenuOf('Person 1'), 'Complete');
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    expect(complete).toHaveTextContent('CompleteThe conversation is already finished');
  });

  it("excludes the contact from its latest campaign after the preview's Yes/No and says 'Contacts are excluded'", async () => {
    const api = renderMenuOf([inCampaigns], executionsOf([latest, older]), {
      'GET /executions/delete/preview': () => ({
        body: { validation_rules_summary: [], valid_audience_count: 1 },
      }),
      'DELETE /executions/delete': () => ({ body: { count: 1 } }),
    });
    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Exclude'));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude contacts' });
    expect(dialog).toHaveTextContent('Exclude Person 1 from “Spring outreach”?');
    const pagesBefore = pageCalls(api.calls);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Contacts are excluded'));

    const filters = api.calls
      .filter((call) => call.path.startsWith('/executions/delete'))
      .map((call) => [call.method, call.query.get('filter')]);
    expect(filters).toEqual([
      ['GET', `id in ('${latest.id}')`],
      ['DELETE', `id in ('${latest.id}')`],
    ]);
    await waitFor(() => expect(pageCalls(api.calls)).toBeGreaterThan(pagesBefore));
  });

  it("says 'Please select other contacts' with the rule when the contact cannot be excluded", async () => {
    const api = renderMenuOf([inCampaigns], executionsOf([latest]), {
      'GET /executions/delete/preview': () => ({
        body: {
          validation_rules_summary: [
            { count: 1, description: "Contacts with an action in progress can't be excluded" },
          ],
          valid_audience_count: 0,
        },
      }),
    });
    fireEvent.click(await itemOf(await openMenuOf('Person 1'), 'Exclude'));
    const dialog = await screen.findByRole('dialog', { name: 'Exclude contacts' });
    expect(
      within(within(dialog).getByRole('list', { name: 'Contacts that will not be excluded' })).getByText(
        "1 — Contacts with an action in progress can't be excluded",
      ),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Please select other contacts');
    expect(within(dialog).queryByRole('button', { name: 'Yes' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('says so in the menu when the campaigns cannot be loaded', async () => {
    renderMenuOf([inCampaigns], () => ({ status: 500, body: { name: 'Internal', message: 'boom' } }));
    const menu = await openMenuOf('Person 1');
    expect(
      await within(menu).findByRole('menuitem', { name: 'Campaigns could not be loaded' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: /^Exclude/ })).toHaveAttribute('aria-disabled', 'true');
  });
});
