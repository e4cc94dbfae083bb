import type { automationModeResponseSchema } from '@outpilot/contracts';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { useLocalAutomationRunner } from './use-local-automation-runner.ts';

const runnerState = { status: 'running', counts: {} };

function RunnerHost() {
  useLocalAutomationRunner();
  return <p>app open</p>;
}

function renderWithMode(mode: z.input<typeof automationModeResponseSchema>) {
  const api = createFakeApi({ 'GET /workspace/automation-mode': () => ({ body: mode }) });
  const bridge = createFakeBridge({
    handlers: {
      'api.getToken': tokenHandler,
      'runner.start': () => runnerState,
      'runner.stop': () => ({ ...runnerState, status: 'stopped' }),
    },
  });
  const view = renderApp({ bridge, fetch: api.fetch, routes: [{ path: '/', Component: RunnerHost }] });
  return { ...view, bridge, api };
}

const runnerCalls = (bridge: ReturnType<typeof createFakeBridge>) =>
  bridge.calls.filter((call) => call.target === 'runner').map((call) => call.command);

describe('useLocalAutomationRunner', () => {
  it('starts the runner for a local workspace and stops it when the app closes', async () => {
    const { bridge, unmount } = renderWithMode({
      is_cloud: false,
      city_name: null,
      country_code: null,
      ip_address: '127.0.0.1',
    });
    await waitFor(() => expect(runnerCalls(bridge)).toEqual(['start']));
    unmount();
    expect(runnerCalls(bridge)).toEqual(['start', 'stop']);
  });

  it('leaves a cloud workspace to the server', async () => {
    const { bridge, api } = renderWithMode({
      is_cloud: true,
      city_name: null,
      country_code: null,
      ip_address: null,
    });
    await waitFor(() =>
      expect(api.calls.some((call) => call.path === '/workspace/automation-mode')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runnerCalls(bridge)).toEqual([]);
  });
});
