import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { reportError } from './report-error.ts';

/** The router's errorElement: render errors show the global error screen and are reported. */
export function ErrorPage() {
  const error = useRouteError();
  const bridge = useBridge();
  const config = useClientConfig();
  useEffect(() => {
    console.error(error);
    reportError(bridge, error, 'render-error');
  }, [bridge, error]);
  return <ErrorScreen supportEmail={config.supportEmail} />;
}
