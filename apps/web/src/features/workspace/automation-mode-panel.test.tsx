import type { AutomationModeResponse } from '@outpilot/contracts';
import { cloudAutomationMessages } from '@outpilot/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { makeProfile, testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { AutomationModePanel } from './automation-mode-panel.tsx';

const local: AutomationModeResponse = {
  is_cloud: false,
  city_name: null,
  country_code: null,
  ip_address: '198.51.100.4',
};
const berlin: AutomationModeResponse = {
  is_cloud: true,
  city_name: 'Berlin',
  country_code: 'DE',
  ip_address: '203.0.113.7',
};
const cookies = { li_at: 'AQED-session', JSESSIONID: '"ajax:1"' };

function renderPanel({ pro, network }: { pro: boolean; network: 'sandbox' | 'linkedin' }) {
  let mode = local;
  const api = createFakeApi({
    'GET /workspace/automation-mode': () => ({ body: mode }),
    'PUT /workspace/automation-mode': (call) => {
      mode = (call.body as { is_cloud: boolean }).is_cloud
        ? network === 'linkedin'
          ? berlin
          : { ...berlin, city_name: null, country_code: null, ip_address: null }
        : local;
      return { body: mode };
    },
    'GET /network-account/session': () => ({
      body: {
        stored: false,
        country_code: null,
        consented_at: null,
        proxy_countries: [
          { country_code: 'DE', city_name: 'Berlin' },
          { country_code: 'FR', city_name: 'Paris' },
        ],
      },
    }),
    'PUT /network-account/session': () => ({
      body: {
        stored: true,
        country_code: 'DE',
        consented_at: '2026-11-27T06:00:00.000Z',
        proxy_countries: [],
      },
    }),
    'DELETE /network-account/session': () => {
      mode = local;
      return { body: { stored: false, country_code: null, consented_at: null, proxy_countries: [] } };
    },
  });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'api.getMyProfile': () => makeProfile({ isProPlanAccessible: pro }),
      'network.handOverSession': () => cookies,
    },
  });
  renderApp({
    bridge,
    fetch: api.fetch,
    config: { ...testConfig, network },
    routes: [{ path: '/', element: <AutomationModePanel /> }],
  });
  return { api, bridge };
}

const cloudSwitch = () => screen.findByRole('switch', { name: 'Run in the cloud' });

describe('Automation mode panel', () => {
  it('offers the cloud only to Pro, with the way to upgrade', async () => {
    renderPanel({ pro: false, network: 'sandbox' });
    expect(await screen.findByText('Automation runs locally in your browser')).toBeInTheDocument();
    await waitFor(async () => expect(await cloudSwitch()).toBeDisabled());
    expect(screen.getByRole('link', { name: 'Upgrade subscription' })).toHaveAttribute('href', '/upgrade');
  });

  it('switches a Pro workspace to the cloud and back with the sandbox network, without a hand-over', async () => {
    const { api, bridge } = renderPanel({ pro: true, network: 'sandbox' });
    await waitFor(async () => expect(await cloudSwitch()).toBeEnabled());
    fireEvent.click(await cloudSwitch());
    expect(await screen.findByText('Automation runs in the cloud')).toBeInTheDocument();
    expect(bridge.calls.some((call) => call.command === 'handOverSession')).toBe(false);
    fireEvent.click(await cloudSwitch());
    expect(await screen.findByText('Automation runs locally in your browser')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_cloud: true },
      { is_cloud: false },
    ]);
  });

  it('with LinkedIn, hands the session over only after consent, and shows the proxy', async () => {
    const { api, bridge } = renderPanel({ pro: true, network: 'linkedin' });
    await waitFor(async () => expect(await cloudSwitch()).toBeEnabled());
    fireEvent.click(await cloudSwitch());
    const dialog = await screen.findByRole('dialog', { name: cloudAutomationMessages.consentTitle });
    expect(dialog).toHaveTextContent(cloudAutomationMessages.consentText);
    fireEvent.click(screen.getByRole('button', { name: cloudAutomationMessages.consentDecline }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bridge.calls.some((call) => call.command === 'handOverSession')).toBe(false);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(await cloudSwitch());
    await screen.findByRole('dialog', { name: cloudAutomationMessages.consentTitle });
    await waitFor(() => expect(screen.getByRole('button', { name: 'I agree' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText('Automation runs in the cloud')).toBeInTheDocument();
    expect(screen.getByText('Berlin')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.7')).toBeInTheDocument();
    expect(bridge.calls.find((call) => call.command === 'handOverSession')?.payload).toEqual({
      consent: true,
    });
    const stored = api.calls.find(
      (call) => call.method === 'PUT' && call.path === '/network-account/session',
    );
    expect(stored?.body).toMatchObject({ consent: true, cookies });

    fireEvent.click(await cloudSwitch());
    expect(await screen.findByText('Automation runs locally in your browser')).toBeInTheDocument();
    expect(
      api.calls.some((call) => call.method === 'DELETE' && call.path === '/network-account/session'),
    ).toBe(true);
  });

  it('with LinkedIn, the consent dialog takes the focus, Escape declines it and the focus comes back to the switch', async () => {
    const { api, bridge } = renderPanel({ pro: true, network: 'linkedin' });
    await waitFor(async () => expect(await cloudSwitch()).toBeEnabled());
    const toggle = await cloudSwitch();
    toggle.focus();
    fireEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: cloudAutomationMessages.consentTitle });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // The country is a combobox in the dialog, before its buttons.
    expect(screen.getByRole('combobox', { name: 'Your country' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await cloudSwitch()).toHaveFocus());
    expect(bridge.calls.some((call) => call.command === 'handOverSession')).toBe(false);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
