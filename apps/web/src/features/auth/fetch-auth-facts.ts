import type { AppProfile, NetworkProfile } from '@outpilot/contracts';
import type { Bridge } from '../../bridge/bridge.ts';
import { isBridgeError } from '../../bridge/bridge-error.ts';

/** The app profile, or null when the user is not signed in (NotAuthenticated / NotAuthorized). */
export async function fetchProfile(bridge: Bridge): Promise<AppProfile | null> {
  try {
    return await bridge.send('api', 'getMyProfile', {});
  } catch (error) {
    if (isBridgeError(error, 'NotAuthenticated') || isBridgeError(error, 'NotAuthorized')) return null;
    throw error;
  }
}

/** The network account the browser is signed in to, or null when there is none or it cannot be read. */
export async function fetchNetworkProfile(bridge: Bridge): Promise<NetworkProfile | null> {
  try {
    return await bridge.send('network', 'getMyProfile', {});
  } catch {
    return null;
  }
}
