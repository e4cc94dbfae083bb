import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { CampaignDetailPage } from './campaign-detail-page.tsx';
import { makeCampaign } from './campaign-fixtures.ts';

const id = '44444444-4444-4444-8444-444444444444';
const stopped = makeCampaign({
  id,
  name: 'Paused outreach',
  state: 'Stopped',
  pause_reason: 'User',
  started: '2026-03-05T10:00:00.000Z',
  target_audience_count: 3,
  in_queue_count: 3,
  steps: [{ type: 'Connect', message_template: null, timeout: 14_400, delay: 30 }],
  statistics: {
    started_count: 3,
    in_queue_count: 3,
    invitation_sent: 0,
    acceptance_rate: null,
    messages_sent: 0,
    reply_rate: null,
  },
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

describe('CampaignDetailPage', () => {
  it('shows the message of a transition the server refuses and changes nothing on screen', async () => {
    const refusal = 'The campaign cannot be resumed: its network account is signed out';
    const api = createFakeApi({
      [`GET /campaigns/${id}`]: () => ({ body: stopped }),
      [`GET /campaigns/${id}/executions-statistics`]: () => ({
        body: { total: counts, steps: [{ step_number: 1, type: 'Connect', ...counts }] },
      }),
      [`PUT /campaigns/${id}/run`]: () => ({
        status: 422,
        body: { name: 'UnprocessableEntity', message: refusal },
      }),
    });
    const bridge = createFakeBridge({
      handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
    });
    renderApp({
      bridge,
      fetch: api.fetch,
      path: `/campaigns/${id}`,
      routes: [{ path: '/campaigns/:id', element: <CampaignDetailPage /> }],
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
    const draft = {
      ...stopped,
      state: 'Compose' as const,
      pause_reason: null,
      started: null,
      target_audience_count: 0,
      events: { ...stopped.events, run: { enabled: false, hint: noContacts } },
    };
    const api = createFakeApi({
      [`GET /campaigns/${id}`]: () => ({ body: draft }),
      [`GET /campaigns/${id}/executions-statistics`]: () => ({
        body: { total: counts, steps: [{ step_number: 1, type: 'Connect', ...counts }] },
      }),
    });
    const bridge = createFakeBridge({
      handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
    });
    renderApp({
      bridge,
      fetch: api.fetch,
      path: `/campaigns/${id}`,
      routes: [{ path: '/campaigns/:id', element: <CampaignDetailPage /> }],
    });
    expect(await screen.findByRole('button', { name: /^Run$/ })).toBeDisabled();
    // Visible without hovering, and the toolbar is described by it.
    expect(screen.getByText(`Run: ${noContacts}`)).toBeVisible();
    expect(screen.getByRole('toolbar', { name: 'Campaign actions' })).toHaveAccessibleDescription(
      `Run: ${noContacts}`,
    );
  });

  it('renames on Enter and on blur, and refuses an empty or over-long name with the server’s texts', async () => {
    let saved = stopped;
    const api = createFakeApi({
      [`GET /campaigns/${id}`]: () => ({ body: saved }),
      [`GET /campaigns/${id}/executions-statistics`]: () => ({
        body: { total: counts, steps: [{ step_number: 1, type: 'Connect', ...counts }] },
      }),
      [`PUT /campaigns/${id}/update`]: ({ body }) => {
        saved = { ...saved, name: (body as { name: string }).name };
        return { body: saved };
      },
    });
    const bridge = createFakeBridge({
      handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
    });
    renderApp({
      bridge,
      fetch: api.fetch,
      path: `/campaigns/${id}`,
      routes: [{ path: '/campaigns/:id', element: <CampaignDetailPage /> }],
    });
    const renames = () => api.calls.filter((call) => call.path === `/campaigns/${id}/update`);
    const title = await screen.findByRole('textbox', { name: 'Campaign name' });
    expect(title).toHaveValue('Paused outreach');

    fireEvent.change(title, { target: { value: '  Spring leads  ' } });
    fireEvent.keyDown(title, { key: 'Enter' });
    await waitFor(() => expect(renames().map((call) => call.body)).toEqual([{ name: 'Spring leads' }]));
    await waitFor(() => expect(title).toHaveValue('Spring leads'));

    fireEvent.change(title, { target: { value: 'Autumn leads' } });
    fireEvent.blur(title);
    await waitFor(() => expect(renames()).toHaveLength(2));
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
});
