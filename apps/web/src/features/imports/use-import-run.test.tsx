import type { ImportRunState } from '@outpilot/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeApi, tokenHandler } from '../../test/fake-api.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { renderApp } from '../../test/render-app.tsx';
import { importsQueryKeys } from './imports-query-keys.ts';
import { useRefreshOnImportEnd } from './use-import-run.ts';
import { useRecentImports } from './use-recent-imports.ts';

function RecentImports() {
  useRefreshOnImportEnd();
  const recent = useRecentImports();
  return <p>{recent.data ? `${recent.data.length} lists` : 'loading'}</p>;
}

const state = (phase: ImportRunState['phase']): ImportRunState => ({
  phase,
  processed: 25,
  total: 60,
  exported: 25,
  navigationUrl: null,
  exportError: null,
});

describe('useRefreshOnImportEnd', () => {
  it('reloads the recent imports when a run ends, stopped ones included, and not on progress', async () => {
    const bridge = createFakeBridge({ handlers: { 'api.getToken': tokenHandler } });
    const api = createFakeApi({ 'GET /imports/recent': () => ({ body: { documents: [] } }) });
    const { queryClient } = renderApp({
      bridge,
      fetch: api.fetch,
      routes: [{ path: '/', element: <RecentImports /> }],
    });
    const isReloading = () => queryClient.getQueryState(importsQueryKeys.recent)?.fetchStatus === 'fetching';
    expect(await screen.findByText('0 lists')).toBeInTheDocument();
    const reads = () => api.calls.filter((call) => call.path === '/imports/recent').length;
    const emit = (phase: ImportRunState['phase']) =>
      act(() => {
        bridge.emit({
          channel: 'outpilot-bridge',
          kind: 'event',
          event: 'exportStateChanged',
          payload: state(phase),
        });
      });

    emit('changed');
    expect(isReloading()).toBe(false);
    emit('stopped');
    expect(isReloading()).toBe(true);
    await waitFor(() => expect(reads()).toBe(2));
    emit('completed');
    await waitFor(() => expect(reads()).toBe(3));
  });
});
