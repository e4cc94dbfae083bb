import type {
  AppBridgeCommandName,
  AppBridgePayload,
  AppBridgeResult,
  BridgeCommandTarget,
  BridgeEvent,
} from '@outpilot/contracts';
import type { Bridge, BridgeEventListener } from '../bridge/bridge.ts';
import { BridgeError } from '../bridge/bridge-error.ts';

export type FakeHandler = (payload: unknown) => unknown;
export type BridgeCall = { target: string; command: string; payload: unknown };

export type FakeBridge = Bridge & {
  calls: BridgeCall[];
  handlers: Record<string, FakeHandler>;
  emit(event: BridgeEvent): void;
};

/** A Bridge answered by handlers keyed 'target.command'; a missing handler fails like an unknown command. */
export function createFakeBridge({
  isInstalled = true,
  handlers = {},
}: {
  isInstalled?: boolean;
  handlers?: Record<string, FakeHandler>;
} = {}): FakeBridge {
  const listeners = new Set<BridgeEventListener>();
  const calls: BridgeCall[] = [];
  const fake: FakeBridge = {
    calls,
    handlers,
    async send<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>>(
      target: T,
      command: C,
      payload: AppBridgePayload<T, C>,
    ): Promise<AppBridgeResult<T, C>> {
      calls.push({ target, command, payload });
      const handler = fake.handlers[`${target}.${command}`];
      if (!handler)
        throw new BridgeError({ name: 'ClientError', message: `No fake for ${target}.${command}` });
      return (await handler(payload)) as AppBridgeResult<T, C>;
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    isInstalled: async () => isInstalled,
    emit(event) {
      for (const listener of listeners) listener(event);
    },
  };
  return fake;
}

export const notAuthenticated = () => {
  throw new BridgeError({ name: 'NotAuthenticated', message: 'Not authenticated' });
};
