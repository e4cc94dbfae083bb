import type { BridgeEventEmitter } from '../bridge-events.ts';
import type { ProductApi } from './product-api.ts';
import type { TargetHandlers } from './target-handlers.ts';

/** The auth target: the sign-in URL, and signing out (ending this browser's runs first). */
export function authTarget(options: {
  api: Pick<ProductApi, 'signInUrl'>;
  events: BridgeEventEmitter;
  /** Stops the runs and forgets the session: shared with api.revokeToken. */
  endSession: () => Promise<void>;
}): TargetHandlers<'auth'> {
  const { api, events, endSession } = options;
  return {
    getSignInUrl: (payload) => api.signInUrl(payload),
    signOut: async () => {
      await endSession();
      events.emit('productSignedOut', {});
      return {};
    },
  };
}
