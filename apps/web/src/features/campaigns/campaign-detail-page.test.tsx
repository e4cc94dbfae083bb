import type { AppProfile, Campaign, ClientConfig } from '@outpilot/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile, testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { readCachedProfile } from '../auth/auth-queries.ts';
import { CampaignDetailPage } from './campaign-detail-page.tsx';

const id = '44444444-4444-4444-8444-444444444444';
const stopped = makeCampaign({
  id,
  name: 'Paused outreach',
  state: 'Stopped',
  pause_reason: 'User',
  target_audience_count: 3,
  in_queue_count: 3,
  statistics: { ...makeCampaign().statistics, started_count: 3, in_queue_count: 3 },
});
const counts = {
  not_started: 0,
  in_queue: 3,
  in_progress: 0,
  succeed: 0,
  ignored: 0,
  cancelled: 0,
  skipped: 0,
  failed: 0,
};

/** /campaigns/{id} showing `campaign`, for `profile` under `config`. */
function renderDetail(
  campaign: Campaign,
  options: {
    config?: ClientConfig;
    profile?: AppProfile;
    run?: () => { status: number; body: unknown };
  } = {},
) {
  const api = createFakeApi({
    [`GET /campaigns/${id}`]: () => ({ body: campaign }),
    [`GET /campaigns/${id}/executions-statistics`]: () => ({
      body: { total: counts, steps: [{ step_number: 1, type: 'Connect', ...counts }] },
    }),
    ...(options.run ? { [`PUT /campaigns/${id}/run`]: options.run } : {}),
  });
  const profile = options.profile ?? makeProfile();
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => profile },
  });
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    path: `/campaigns/${id}`,
    ...(options.config ? { config: options.config } : {}),
    routes: [{ path: '/campaigns/:id', element: <CampaignDetailPage /> }],
  });
  return { ...api, queryClient: view.queryClient };
}

describe('CampaignDetailPage', () => {
  it('shows the message of a transition the server refuses and changes nothing on screen', async () => {
    const refusal = 'The campaign cannot be resumed: its network account is signed out';
    const api = renderDetail(stopped, {
      run: () => ({ status: 422, body: { name: 'UnprocessableEntity', message: refusal } }),
    });
    const run = await screen.findByRole('button', { name: /^Run$/ });
    expect(screen.getByText(/^paused/)).toBeInTheDocument();
    const readsBefore = api.calls.filter(
      (call) => call.method === 'GET' && call.path === `/campaigns/${id}`,
    ).length;

    // From Stopped, run resumes at once (no preview); the server says no.
    fireEvent.click(run);
    await waitFor(() => expect(document.querySelector('#notistack-snackbar')).toHaveTextContent(refusal));
    expect(api.calls.some((call) => call.method === 'PUT' && call.path === `/campaigns/${id}/run`)).toBe(
      true,
    );
    // Still paused, no 'Campaign is resumed', and the campaign was not read again as if it had changed.
    expect(screen.getByText(/^paused/)).toBeInTheDocument();
    expect(screen.queryByText('Campaign is resumed')).not.toBeInTheDocument();
    expect(
      api.calls.filter((call) => call.method === 'GET' && call.path === `/campaigns/${id}`),
    ).toHaveLength(readsBefore);
  });

  it('writes why an action is off under the bar, where a keyboard user reads it', async () => {
    const noContacts = 'Add contacts to launch your campaign!';
    renderDetail(
      makeCampaign({ id, events: { ...stopped.events, run: { enabled: false, hint: noContacts } } }),
    );
    expect(await screen.findByRole('button', { name: /^Run$/ })).toBeDisabled();
    // Visible without hovering, and the toolbar is described by it.
    expect(screen.getByText(`Run: ${noContacts}`)).toBeVisible();
    expect(screen.getByRole('toolbar', { name: 'Campaign actions' })).toHaveAccessibleDescription(
      `Run: ${noContacts}`,
    );
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
