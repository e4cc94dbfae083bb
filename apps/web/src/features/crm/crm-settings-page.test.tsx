import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeCampaign, makeProfile } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { CrmSettingsPage, settingsOf, valuesOf } from './crm-settings-page.tsx';

describe('CRM settings form values', () => {
  it('reads the saved values of each property, none when absent', () => {
    const saved = { static_fields: [{ key: 'lead_source' as const, values: ['referral', 'event'] }] };
    expect(valuesOf(saved, 'lead_source')).toEqual(['referral', 'event']);
    expect(valuesOf(saved, 'contact_sub_source')).toEqual([]);
  });

  it('sends both properties, a cleared Sub Source as no value', () => {
    expect(settingsOf(['referral'], null)).toEqual({
      static_fields: [
        { key: 'lead_source', values: ['referral'] },
        { key: 'contact_sub_source', values: [] },
      ],
    });
    expect(settingsOf([], 'inmail').static_fields[1]).toEqual({
      key: 'contact_sub_source',
      values: ['inmail'],
    });
  });
});

describe('CrmSettingsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a save error and goes back to the campaign all the same (§2)', async () => {
    const campaign = makeCampaign();
    const settingsPath = `/campaigns/${campaign.id}/settings/hubspot`;
    const saved = { static_fields: [{ key: 'lead_source', values: ['referral'] }] };
    const api = createFakeApi({
      [`GET /campaigns/${campaign.id}`]: () => ({ body: campaign }),
      [`GET ${settingsPath}`]: () => ({ body: saved }),
      'GET /integrations/hubspot/contacts/properties/lead_source/options': () => ({
        body: { options: [{ label: 'Referral', value: 'referral' }] },
      }),
      'GET /integrations/hubspot/contacts/properties/contact_sub_source/options': () => ({
        body: { options: [] },
      }),
      [`PUT ${settingsPath}`]: () => ({
        status: 502,
        body: { name: 'BadGateway', message: 'HubSpot did not answer' },
      }),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const bridge = createFakeBridge({
      handlers: { 'api.getToken': tokenHandler, 'api.getMyProfile': () => makeProfile() },
    });
    renderApp({
      bridge,
      fetch: api.fetch,
      path: `/campaigns/${campaign.id}/hubspot`,
      routes: [
        { path: '/campaigns/:id/hubspot', element: <CrmSettingsPage /> },
        { path: '/campaigns/:id', element: <h1>Campaign page</h1> },
      ],
    });
    expect(await screen.findByRole('button', { name: 'Referral' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Campaign page' })).toBeInTheDocument();
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual(settingsOf(['referral'], null));
    expect(logged).toHaveBeenCalledWith(
      'CRM settings were not saved',
      expect.objectContaining({ message: 'HubSpot did not answer' }),
    );
    // Only logged: no notice interrupts the user.
    expect(document.querySelector('#notistack-snackbar')).toBeNull();
  });
});
