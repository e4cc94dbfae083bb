import { AgentError, type InboxNetworkClient } from '@outpilot/agent';
import { AppError } from '../errors.ts';

/** What the inbox does on the network for a persona: the NetworkClient port, per persona. */
export type InboxNetworkOf = (personaId: string) => Promise<InboxNetworkClient>;

/** A network refusal as the caller sees it: the catalogue name and status the network gave. */
export function networkFailure(error: unknown): unknown {
  if (!(error instanceof AgentError)) return error;
  const status = error.status && error.status >= 400 && error.status < 600 ? error.status : 502;
  return new AppError(status, error.name, error.message, { cause: error, code: error.code });
}

/** Runs a network call; its refusals become the app's errors. */
export async function onNetwork<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw networkFailure(error);
  }
}

/**
 * A change the inbox makes goes to the network first and is stored only once the network took it:
 * a refusal leaves the store as it was (the screen rolls its optimistic change back), and every
 * change sets a state, so the caller's retry cannot apply it twice (docs/decisions.md, issue 23).
 */
export async function onPersonaNetwork(
  networkOf: InboxNetworkOf,
  personaId: string,
  call: (network: InboxNetworkClient) => Promise<unknown>,
): Promise<void> {
  const network = await networkSessionOf(networkOf, personaId);
  await onNetwork(() => call(network));
}

/**
 * The persona's network client. A session the network would not open (its linked member is not
 * on this network, the network is down) is the network's failure, 502, not the server's.
 */
export async function networkSessionOf(
  networkOf: InboxNetworkOf,
  personaId: string,
): Promise<InboxNetworkClient> {
  try {
    return await networkOf(personaId);
  } catch (error) {
    if (error instanceof AppError || error instanceof AgentError) throw networkFailure(error);
    throw new AppError(502, 'BadGateway', 'The network did not open a session for this workspace', {
      cause: error,
    });
  }
}
