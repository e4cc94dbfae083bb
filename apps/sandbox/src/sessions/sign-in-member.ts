import type { SandboxSessionRequest } from '@outpilot/contracts';
import { planInboundConversations } from '../behaviour/inbound-conversations.ts';
import { memberNotFound } from '../http/sandbox-error.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findMemberByEmail } from './find-member-by-email.ts';
import type { SandboxSession } from './session-store.ts';

/**
 * A browser signs in as a member, in either dialect (the sandbox's own and LinkedIn's): the
 * session it had ends, a new one starts, and the member's inbox gets what the network brings it
 * (planned once per member, so a second sign-in adds nothing).
 */
export function signInMember(
  context: SandboxContext,
  input: SandboxSessionRequest,
  previousSessionId: string | undefined,
): { member: Person; session: SandboxSession } {
  const member =
    'email' in input
      ? findMemberByEmail(context.population, input.email)
      : context.population.findByPublicIdentifier(input.publicIdentifier);
  if (!member) throw memberNotFound();
  if (previousSessionId) context.sessions.remove(previousSessionId);
  const session = context.sessions.create(member.index);
  planInboundConversations(context, member);
  return { member, session };
}
