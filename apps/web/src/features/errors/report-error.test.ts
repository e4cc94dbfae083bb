import { describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../bridge/bridge-error.ts';
import { createFakeBridge } from '../../test/fake-bridge.ts';
import { installGlobalErrorReporting } from './report-error.ts';

describe('installGlobalErrorReporting', () => {
  it('reports window errors and unhandled rejections, except the unlogged names', async () => {
    const report = vi.fn(() => ({}));
    const bridge = createFakeBridge({ handlers: { 'logging.report': report } });
    const target = new EventTarget() as unknown as Window;
    const stop = installGlobalErrorReporting(target, bridge);

    target.dispatchEvent(
      Object.assign(new Event('error'), { error: new Error('window broke'), message: 'x' }),
    );
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), {
        reason: new BridgeError({ name: 'BadGateway', message: 'y' }),
      }),
    );
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('promise broke') }),
    );
    stop();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop'), message: 'z' }));

    await vi.waitFor(() => expect(report).toHaveBeenCalledTimes(2));
    expect(report.mock.calls.map((call) => (call as unknown as [{ message: string }])[0].message)).toEqual([
      'Error: window broke',
      'Error: promise broke',
    ]);
  });
});
