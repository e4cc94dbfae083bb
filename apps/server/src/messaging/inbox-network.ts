import { type ActivityNetworkClient, AgentError } from '@outpilot/agent';
import { AppError } from '../errors.ts';

/** What the inbox does on the network for a persona: the NetworkClient port, per persona. */
export type InboxNetworkClient = Pick<
  ActivityNetworkClient,
  'sendMessage' | 'listConversationsSince' | 'getMyProfile'
>;
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
