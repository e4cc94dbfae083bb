import { Component, type ReactNode, useEffect } from 'react';
import { useBridge } from '../../bridge/bridge-context.tsx';
import { useClientConfig } from '../../config/config-context.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { reportError } from './report-error.ts';

/** What a render error shows (RouteErrorBoundary): the global error screen; the error is reported. */
export function ErrorPage({ error }: { error: unknown }) {
  const bridge = useBridge();
  const config = useClientConfig();
  useEffect(() => {
    console.error(error);
    reportError(bridge, error, 'render-error');
  }, [bridge, error]);
  return <ErrorScreen supportEmail={config.supportEmail} />;
}

/**
 * Catches what a screen throws while rendering and shows ErrorPage (the routes are rendered by
 * `useRoutes`, which has no route error boundaries). The app's root keys it by path, so moving to
 * another page tries again.
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
