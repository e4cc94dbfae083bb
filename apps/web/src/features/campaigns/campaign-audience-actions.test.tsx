import type { AudiencePreview } from '@outpilot/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { buildIdsFilter } from '../contacts/filters/contact-filters.ts';
import type { ContactsSelectionRequest } from '../contacts/selection/contacts-selection.ts';
import { CampaignAudienceActions } from './campaign-audience-actions.tsx';

const draftId = '11111111-1111-4111-8111-111111111111';
const runningId = '22222222-2222-4222-8222-222222222222';
const newId = '33333333-3333-4333-8333-333333333333';
const contactA = '6ba7b810-9dad-41d1-80b4-000000000001';
const contactB = '6ba7b810-9dad-41d1-80b4-000000000002';

const allValid: AudiencePreview = { valid_count: 2, invalid_count: 0, validation_rules_summary: [] };

function renderActions(
  options: { selection?: ContactsSelectionRequest; preview?: AudiencePreview; disabled?: boolean } = {},
) {
  const preview = options.preview ?? allValid;
  const audiencePath = (id: string) => `/campaigns/${id}/target_audience`;
  const api = createFakeApi({
    'GET /campaigns/page': () => ({
      body: {
        documents: [
          makeCampaign({ id: draftId, name: 'Spring outreach', state: 'Compose' }),
          makeCampaign({ id: runningId, name: 'Founders', state: 'Running' }),
        ],
        total: 2,
      },
    }),
    'POST /campaigns': ({ body }) => ({
      body: makeCampaign({ id: newId, name: (body as { name: string }).name, state: 'Compose' }),
    }),
    [`GET ${audiencePath(draftId)}/preview`]: () => ({ body: preview }),
    [`GET ${audiencePath(runningId)}/preview`]: () => ({ body: preview }),
    'GET /campaigns/target_audience/preview': () => ({ body: preview }),
    [`PUT ${audiencePath(draftId)}`]: () => ({ body: { count: preview.valid_count } }),
    [`PUT ${audiencePath(runningId)}`]: () => ({ body: { count: preview.valid_count } }),
  });
  const bridge = createFakeBridge({
    handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
  });
  const onAdded = vi.fn();
  const selection = options.selection ?? { filter: buildIdsFilter([contactA, contactB]) };
  const view = renderApp({
    bridge,
    fetch: api.fetch,
    routes: [
      {
        path: '/',
        element: (
          <CampaignAudienceActions
            disabled={options.disabled ?? false}
            selection={() => selection}
            onAdded={onAdded}
          />
        ),
      },
      { path: '/campaigns/:id', element: <h1>Campaign page</h1> },
    ],
  });
  return { api, view, onAdded };
}

const notice = () => document.querySelector('#notistack-snackbar');

async function chooseCampaign(name: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Add to campaign' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add to campaign' });
  fireEvent.click(await within(dialog).findByText(name));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Add contacts to campaign' });
}

describe('CampaignAudienceActions', () => {
  it('is disabled without a selection', () => {
    renderActions({ disabled: true });
    expect(screen.getByRole('button', { name: 'Add to campaign' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create campaign' })).toBeDisabled();
  });

  it('adds picked contacts to a chosen campaign after a plain confirm, as an id list', async () => {
    const { api, onAdded } = renderActions();
    const preview = await chooseCampaign('Founders');
    const page = api.calls.find((call) => call.path === '/campaigns/page');
    expect(page?.query.get('$filter')).toBe("state ne 'Completed'");
    expect(within(preview).getByText('Add 2 contacts to “Founders”?')).toBeInTheDocument();
    const previewCall = api.calls.find((call) => call.path.endsWith('/target_audience/preview'));
    expect(previewCall?.path).toBe(`/campaigns/${runningId}/target_audience/preview`);
    expect(previewCall?.query.get('filter')).toBe(`id in ('${contactA}', '${contactB}')`);
    expect(previewCall?.query.has('searchQuery')).toBe(false);

    fireEvent.click(within(preview).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Contacts are added'));
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.path).toBe(`/campaigns/${runningId}/target_audience`);
    expect(put?.body).toEqual({ filter: `id in ('${contactA}', '${contactB}')` });
    expect(onAdded).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lists the rejected contacts and asks to proceed with the rest, sending Select all as a filter', async () => {
    const filter = "distance eq 1 and location in ('Berlin, Germany')";
    const { api } = renderActions({
      selection: { filter, searchQuery: 'anna' },
      preview: {
        valid_count: 3,
        invalid_count: 2,
        validation_rules_summary: [{ count: 2, description: 'Contacts that are already in this campaign' }],
      },
    });
    const preview = await chooseCampaign('Spring outreach');
    expect(within(preview).getByText('2 — Contacts that are already in this campaign')).toBeInTheDocument();
    expect(
      within(preview).getByText('Will add 3 contacts, 2 will not be added, proceed?'),
    ).toBeInTheDocument();
    const previewCall = api.calls.find((call) => call.path.endsWith('/target_audience/preview'));
    expect(previewCall?.query.get('filter')).toBe(filter);
    expect(previewCall?.query.get('searchQuery')).toBe('anna');

    fireEvent.click(within(preview).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(notice()).toHaveTextContent('Contacts are added'));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ filter, searchQuery: 'anna' });
  });

  it('says Please select other contacts with Ok only when none is valid, and adds nothing', async () => {
    const { api, onAdded } = renderActions({
      preview: {
        valid_count: 0,
        invalid_count: 2,
        validation_rules_summary: [{ count: 2, description: 'Contacts without a LinkedIn profile address' }],
      },
    });
    const preview = await chooseCampaign('Spring outreach');
    expect(within(preview).getByText('Please select other contacts')).toBeInTheDocument();
    expect(within(preview).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    fireEvent.click(within(preview).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('cancels the preview without adding', async () => {
    const { api } = renderActions({
      preview: {
        valid_count: 1,
        invalid_count: 1,
        validation_rules_summary: [{ count: 1, description: 'Contacts without a LinkedIn profile address' }],
      },
    });
    const preview = await chooseCampaign('Spring outreach');
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says when no campaign can take contacts', async () => {
    const { api } = renderActions();
    api.routes['GET /campaigns/page'] = () => ({ body: { documents: [], total: 0 } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to campaign' });
    expect(
      await within(dialog).findByText(
        'There is no campaign that can take contacts. Create a campaign first.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('validates the campaign name: Create waits for a name, at most 50 characters', async () => {
    const { api } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    const name = within(dialog).getByRole('textbox', { name: 'Campaign name' });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    fireEvent.change(name, { target: { value: '   ' } });
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeDisabled();
    fireEvent.submit(name);
    expect(within(dialog).getByText('Enter the campaign name')).toBeInTheDocument();

    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    expect(within(dialog).getByText('The campaign name can be at most 50 characters')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    fireEvent.change(name, { target: { value: 'x'.repeat(50) } });
    expect(within(dialog).getByText('50 / 50')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('creates the campaign with the selection only on Confirm and lands on it', async () => {
    const { api, view, onAdded } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Campaign name' }), {
      target: { value: '  Berlin engineers  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const preview = await screen.findByRole('dialog', { name: 'Add contacts to campaign' });
    expect(api.calls.find((call) => call.path.endsWith('/target_audience/preview'))).toMatchObject({
      path: '/campaigns/target_audience/preview',
    });
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    expect(within(preview).getByText('Add 2 contacts to “Berlin engineers”?')).toBeInTheDocument();
    fireEvent.click(within(preview).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/campaigns/${newId}`));
    expect(notice()).toHaveTextContent('Campaign is created');
    expect(onAdded).toHaveBeenCalledOnce();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Berlin engineers',
      target_audience: { filter: `id in ('${contactA}', '${contactB}')` },
    });
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves nothing when the user cancels the preview of a new campaign', async () => {
    const { api, view } = renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Campaign name' }), {
      target: { value: 'Changed my mind' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const preview = await screen.findByRole('dialog', { name: 'Add contacts to campaign' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'POST' || call.method === 'PUT')).toBe(false);
    expect(view.router.state.location.pathname).toBe('/');
  });

  it('saves nothing and stays on the contacts when none of the selection is valid', async () => {
    const { api, view } = renderActions({
      preview: {
        valid_count: 0,
        invalid_count: 2,
        validation_rules_summary: [{ count: 2, description: 'Contacts without a LinkedIn profile address' }],
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create campaign' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Campaign name' }), {
      target: { value: 'Empty one' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    const preview = await screen.findByRole('dialog', { name: 'Add contacts to campaign' });
    expect(within(preview).getByText('Please select other contacts')).toBeInTheDocument();
    fireEvent.click(within(preview).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.method === 'POST' || call.method === 'PUT')).toBe(false);
    expect(view.router.state.location.pathname).toBe('/');
  });
});
