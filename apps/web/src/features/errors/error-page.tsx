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
 * `useRoutes`, which has no route error boundaries). After a failure, a new `resetKey` (the path)
 * tries again; without one the children are never remounted, so moving between pages keeps each
 * screen's state (a key on the boundary would remount the whole app on every navigation).
 */
export class RouteErrorBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: unknown; failed: boolean }
> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: Readonly<{ resetKey?: string }>) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined, failed: false });
  }

  override render() {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
