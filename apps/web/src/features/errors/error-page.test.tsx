import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { BridgeError } from '../../bridge/bridge-error.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { testConfig } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { RouteErrorBoundary } from './error-page.tsx';
import { shouldReportError } from './report-error.ts';

function Broken(): never {
  throw new Error('render failed');
}

/** Whether Stateful throws on its next render. */
let broken = false;
function Screen() {
  const [count, setCount] = useState(0);
  if (broken) throw new Error('render failed');
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Pressed {count}
    </button>
  );
}
function Harness() {
  const [path, setPath] = useState('/a');
  return (
    <>
      <button type="button" onClick={() => setPath(`${path}/next`)}>
        Next page
      </button>
      <RouteErrorBoundary resetKey={path}>
        <Screen />
      </RouteErrorBoundary>
    </>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the global error screen with Go home and the support mail link, and reports the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const report = vi.fn(() => ({}));
    const bridge = createFakeBridge({ handlers: { 'logging.report': report } });
    renderApp({
      bridge,
      routes: [
        {
          path: '/',
          element: (
            <RouteErrorBoundary>
              <Broken />
            </RouteErrorBoundary>
          ),
        },
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Oooops.. Something went wrong.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: testConfig.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${testConfig.supportEmail}`,
    );
    await waitFor(() => expect(report).toHaveBeenCalled());
    expect(report.mock.calls[0]).toEqual([
      expect.objectContaining({ severity: 'error', message: 'Error: render failed' }),
    ]);
  });

  it('Go home reloads the app at /campaigns', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderApp({
      bridge: createFakeBridge({ handlers: { 'logging.report': () => ({}) } }),
      routes: [
        {
          path: '/',
          element: (
            <RouteErrorBoundary>
              <Broken />
            </RouteErrorBoundary>
          ),
        },
      ],
    });
    (await screen.findByRole('button', { name: 'Go home' })).click();
    expect(assign).toHaveBeenCalledWith('/campaigns');
  });
});

describe('shouldReportError', () => {
  it('skips HTTP errors and the unlogged names of the catalogue', () => {
    expect(shouldReportError(new Error('x'))).toBe(true);
    expect(shouldReportError(new BridgeError({ name: 'NotAuthenticated', message: 'x' }))).toBe(true);
    expect(shouldReportError(new BridgeError({ name: 'BadGateway', message: 'x' }))).toBe(false);
    expect(shouldReportError(new BridgeError({ name: 'ProfileAlreadyUsed', message: 'x' }))).toBe(false);
    expect(
      shouldReportError(new BridgeError({ name: 'ExtensionRuntimeMissingReceiver', message: 'x' })),
    ).toBe(false);
    expect(shouldReportError(new BridgeError({ name: 'ExtensionRuntimeClosedPort', message: 'x' }))).toBe(
      false,
    );
    expect(shouldReportError(new ApiError(500, { name: 'InternalError', message: 'x' }))).toBe(false);
  });

  it('keeps a screen and its state across pages, and renders afresh after a failure once the page changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ bridge: createFakeBridge({}), routes: [{ path: '/', element: <Harness /> }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Pressed 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    // Not remounted by the new page: the screen's state is still there.
    expect(screen.getByRole('button', { name: 'Pressed 1' })).toBeInTheDocument();

    broken = true;
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 1' }));
    expect(
      await screen.findByRole('heading', { name: 'Oooops.. Something went wrong.' }),
    ).toBeInTheDocument();
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Pressed 0' })).toBeInTheDocument();
  });
});
