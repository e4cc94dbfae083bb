import type { AppProfile, Campaign, ClientConfig, ExecutionsStatisticsResponse } from '@outpilot/contracts';
import { lifecycleHints } from '@outpilot/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiRoute, createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeExecutionsStatistics, makeProfile, testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { readCachedProfile } from '../auth/auth-queries.ts';
import { CampaignDetailPage, runningRefreshMs } from './campaign-detail-page.tsx';

const on = { enabled: true, hint: null };
const id = makeCampaign().id;
const stopped = makeCampaign({
  name: 'Paused outreach',
  state: 'Stopped',
  pause_reason: 'User',
  started: '2026-03-05T10:00:00.000Z',
  in_queue_count: 3,
  statistics: { ...makeCampaign().statistics, started_count: 3, in_queue_count: 3 },
  allowAddSteps: false,
});
const queued = makeExecutionsStatistics({ in_queue: 3 });

/** The detail page of `campaign` at /campaigns/{id}, its statistics from `statistics`, a stub beyond. */
function renderDetail(
  campaign: Campaign,
  options: {
    statistics?: () => ExecutionsStatisticsResponse;
    routes?: Record<string, ApiRoute>;
    config?: ClientConfig;
    profile?: AppProfile;
  } = {},
) {
  const statistics = options.statistics ?? (() => queued);
  const api = createFakeApi({
    [`GET /campaigns/${id}`]: () => ({ body: campaign }),
    [`GET /campaigns/${id}/executions-statistics`]: () => ({ body: statistics() }),
    ...options.routes,
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => options.profile ?? makeProfile() },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: `/campaigns/${id}`,
    ...(options.config ? { config: options.config } : {}),
    routes: [
      { path: '/campaigns/:id', element: <CampaignDetailPage /> },
      { path: '/campaigns/:id/*', element: <p>Another campaign page</p> },
    ],
  });
  return { ...view, api };
}

const runButton = () => screen.findByRole('button', { name: /^Run$/ });
const callsTo = (api: ReturnType<typeof createFakeApi>, method: string, path: string) =>
  api.calls.filter((call) => call.method === method && call.path === path);

/** The information list (§2): each term with the value beside it. */
const information = () =>
  Object.fromEntries(
    screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('CampaignDetailPage', () => {
  it('shows the message of a transition the server refuses and changes nothing on screen', async () => {
    const refusal = 'The campaign cannot be resumed: its network account is signed out';
    const { api } = renderDetail(stopped, {
      routes: {
        [`PUT /campaigns/${id}/run`]: () => ({
          status: 422,
          body: { name: 'UnprocessableEntity', message: refusal },
        }),
      },
    });
    const run = await runButton();
    expect(screen.getByText(/^paused/)).toBeInTheDocument();
    const readsBefore = callsTo(api, 'GET', `/campaigns/${id}`).length;

    // From Stopped, run resumes at once (no preview); the server says no.
    fireEvent.click(run);
    await waitFor(() => expect(document.querySelector('#notistack-snackbar')).toHaveTextContent(refusal));
    expect(callsTo(api, 'PUT', `/campaigns/${id}/run`)).toHaveLength(1);
    // Still paused, no 'Campaign is resumed', and the campaign was not read again as if it had changed.
    expect(screen.getByText(/^paused/)).toBeInTheDocument();
    expect(screen.queryByText('Campaign is resumed')).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', `/campaigns/${id}`)).toHaveLength(readsBefore);
  });

  it('writes why an action is off under the bar, where a keyboard user reads it', async () => {
    const noContacts = 'Add contacts to launch your campaign!';
    renderDetail(
      makeCampaign({
        target_audience_count: 0,
        events: { ...stopped.events, run: { enabled: false, hint: noContacts } },
      }),
    );
    expect(await runButton()).toBeDisabled();
    // Visible without hovering, and the toolbar is described by it.
    expect(screen.getByText(`Run: ${noContacts}`)).toBeVisible();
    expect(screen.getByRole('toolbar', { name: 'Campaign actions' })).toHaveAccessibleDescription(
      `Run: ${noContacts}`,
    );
  });

  it.each<[string, Partial<Campaign>, string]>([
    ['0 contacts', { target_audience_count: 0 }, lifecycleHints.noContacts],
    ['no actions', { steps: [] }, lifecycleHints.noSteps],
  ])('disables Run with %s even when the server allows it, and says why', async (_case, change, why) => {
    renderDetail(makeCampaign({ ...change, events: { ...stopped.events, run: on } }));
    expect(await runButton()).toBeDisabled();
    expect(screen.getByRole('toolbar', { name: 'Campaign actions' })).toHaveAccessibleDescription(
      `Run: ${why}`,
    );
  });

  it('enables Run for a draft with contacts and actions', async () => {
    renderDetail(makeCampaign());
    expect(await runButton()).toBeEnabled();
    expect(screen.getByRole('toolbar', { name: 'Campaign actions' })).not.toHaveAccessibleDescription();
  });

  it("offers 'Add actions' to the steps editor for a draft with no actions", async () => {
    const { router } = renderDetail(makeCampaign({ steps: [] }));
    const add = await screen.findByRole('link', { name: 'Add actions' });
    // The Edit link is for steps there are; with none, 'Add actions' is the way in.
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    fireEvent.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/campaigns/${id}/tune`));
  });

  it('shows the status with its pause reason, the contact count and the dates', async () => {
    renderDetail(stopped);
    await runButton();
    expect(information()).toEqual({
      Status: 'paused (paused by you)',
      Contacts: '3',
      Created: '04/03/2026',
      Started: '05/03/2026',
    });
  });

  it('shows the completion date of a completed campaign, and that a draft has not started', async () => {
    const completed = renderDetail(
      makeCampaign({
        state: 'Completed',
        started: '2026-03-05T10:00:00.000Z',
        completed: '2026-03-09T10:00:00.000Z',
      }),
    );
    await runButton();
    expect(information()).toMatchObject({ Created: '04/03/2026', Completed: '09/03/2026' });
    completed.unmount();
    renderDetail(makeCampaign());
    await runButton();
    expect(information()).toMatchObject({ Created: '04/03/2026', Started: 'Not started yet' });
  });

  it("links to the campaign's contacts page", async () => {
    const { router } = renderDetail(stopped);
    fireEvent.click(await screen.findByRole('link', { name: 'Contacts of this campaign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/campaigns/${id}/contacts`));
  });

  it('renames on Enter and on blur, and refuses an empty or over-long name with the server’s texts', async () => {
    // The server keeps the name: the page reads the campaign again after the rename.
    let saved = stopped;
    const { api } = renderDetail(stopped, {
      routes: {
        [`GET /campaigns/${id}`]: () => ({ body: saved }),
        [`PUT /campaigns/${id}/update`]: ({ body }) => {
          saved = { ...saved, name: (body as { name: string }).name };
          return { body: saved };
        },
      },
    });
    const renames = () => callsTo(api, 'PUT', `/campaigns/${id}/update`);
    const title = await screen.findByRole('textbox', { name: 'Campaign name' });
    expect(title).toHaveValue('Paused outreach');

    fireEvent.change(title, { target: { value: '  Spring leads  ' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(renames().map((call) => call.body)).toEqual([{ name: 'Spring leads' }]));
    await waitFor(() => expect(title).toHaveValue('Spring leads'));

    fireEvent.change(title, { target: { value: ' Autumn leads ' } });
    fireEvent.blur(title);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Autumn leads' })).toBeInTheDocument(),
    );
    expect(renames()[1]?.body).toEqual({ name: 'Autumn leads' });

    fireEvent.change(title, { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('The campaign name can be at most 50 characters')).toBeInTheDocument();
    fireEvent.keyDown(title, { key: 'Enter' });
    fireEvent.change(title, { target: { value: '  ' } });
    expect(await screen.findByText('Enter the campaign name')).toBeInTheDocument();
    fireEvent.blur(title);
    // Escape goes back to the saved name; nothing invalid was sent.
    fireEvent.keyDown(title, { key: 'Escape' });
    await waitFor(() => expect(title).toHaveValue('Autumn leads'));
    expect(screen.queryByText('Enter the campaign name')).not.toBeInTheDocument();
    expect(renames()).toHaveLength(2);
  });

  it('refreshes the statistics of a running campaign without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = queued;
    const running = makeCampaign({ ...stopped, state: 'Running', pause_reason: null });
    const { api } = renderDetail(running, { statistics: () => answer });
    expect(await screen.findByTestId('success-rate')).toHaveTextContent('Success rate: 0%');
    expect(screen.getByTestId('execution-counts')).toHaveTextContent('In queue: 3');

    // The engine moved on: one contact connected, two are waiting for an answer.
    answer = makeExecutionsStatistics({ in_progress: 2, succeed: 1 });
    await act(() => vi.advanceTimersByTimeAsync(runningRefreshMs));
    await waitFor(() => expect(screen.getByTestId('success-rate')).toHaveTextContent('Success rate: 33.3%'));
    expect(screen.getByTestId('execution-counts')).toHaveTextContent('In progress: 2, Succeed: 1');
    expect(callsTo(api, 'GET', `/campaigns/${id}/executions-statistics`).length).toBeGreaterThanOrEqual(2);
  });

  it('does not ask again for the statistics of a campaign that is not running', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderDetail(stopped);
    await screen.findByTestId('success-rate');
    await act(() => vi.advanceTimersByTimeAsync(runningRefreshMs * 3));
    expect(callsTo(api, 'GET', `/campaigns/${id}/executions-statistics`)).toHaveLength(1);
  });

  describe('the CRM settings link (§2, §6: teams on the beta list only)', () => {
    const member = makeProfile({ teamId: '66666666-6666-4666-8666-666666666666' });
    const showsPage = () => screen.findByRole('link', { name: 'Contacts of this campaign' });

    it('is hidden from a team not on the list', async () => {
      const { queryClient } = renderDetail(stopped, {
        profile: member,
        config: { ...testConfig, crmBetaList: ['77777777-7777-4777-8777-777777777777'] },
      });
      await showsPage();
      // Hidden because of the list, not because the profile has not come yet.
      await waitFor(() => expect(readCachedProfile(queryClient)).toEqual(member));
      expect(screen.queryByRole('link', { name: 'CRM settings' })).not.toBeInTheDocument();
    });

    it('shows for a team on the list', async () => {
      renderDetail(stopped, {
        profile: member,
        config: { ...testConfig, crmBetaList: [member.teamId ?? ''] },
      });
      await showsPage();
      expect(await screen.findByRole('link', { name: 'CRM settings' })).toHaveAttribute(
        'href',
        `/campaigns/${id}/hubspot`,
      );
    });

    it("shows for everyone with 'any'", async () => {
      renderDetail(stopped, { config: { ...testConfig, crmBetaList: 'any' } });
      await showsPage();
      expect(await screen.findByRole('link', { name: 'CRM settings' })).toBeInTheDocument();
    });
  });
});
