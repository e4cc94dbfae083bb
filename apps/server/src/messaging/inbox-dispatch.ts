import { eq } from 'drizzle-orm';
import { personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { createSandboxNetworks } from '../engine/cloud-runner.ts';
import { NotFoundError } from '../errors.ts';
import type { CloudLinkedInNetworks } from '../network-account/cloud-linkedin-network.ts';
import { extensionInbox } from './extension-inbox.ts';
import type { InboxNetworkOf } from './inbox-network.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * Which runner makes the inbox's changes on the network. The sandbox network: the server's own
 * session on it. LinkedIn: the runner the workspace's automation mode names — in the cloud, the
 * server's LinkedIn adapter over the session the user handed over (through the proxy of the
 * user's country); locally, the user's own browser, the extension, to which each change is
 * queued (extension-inbox.ts). Read per call: a mode switched a moment ago counts at once.
 */
export function createInboxNetworkOf(
  deps: Deps,
  cloudLinkedIn: CloudLinkedInNetworks | undefined,
  extensionWait: Parameters<typeof extensionInbox>[2] = {},
): InboxNetworkOf {
  if (deps.config.network !== 'linkedin' || !cloudLinkedIn) {
    return createSandboxNetworks({ db: deps.db, clock: deps.clock, publicUrl: deps.config.publicUrl });
  }
  return async (personaId) => {
    const [persona] = await deps.db
      .select({ mode: personas.automationMode })
      .from(personas)
      .where(eq(personas.id, personaId));
    if (!persona) throw new NotFoundError('The workspace was not found');
    return persona.mode === 'cloud'
      ? cloudLinkedIn(personaId)
      : extensionInbox(deps, personaId, extensionWait);
  };
}
