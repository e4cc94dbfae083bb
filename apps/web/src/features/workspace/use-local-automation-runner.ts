import { useEffect } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { reportError } from '../errors/report-error.ts';
import { useAutomationMode } from './use-automation-mode.ts';

/**
 * Local automation: while the app is open, the agent in this browser (the extension, or the in-page
 * agent in sandbox mode) claims and performs the workspace's due activities. Cloud workspaces are
 * run by the server, so the browser stays idle for them.
 */
export function useLocalAutomationRunner(): void {
  const bridge = useBridge();
  const automationMode = useAutomationMode();
  const isLocal = automationMode.data !== undefined && !automationMode.data.is_cloud;
  useEffect(() => {
    if (!isLocal) return;
    bridge.send('runner', 'start', {}).catch((error: unknown) => reportError(bridge, error, 'runner-start'));
    return () => {
      bridge.send('runner', 'stop', {}).catch(() => undefined);
    };
  }, [bridge, isLocal]);
}
