import { type TeamMember, type TeamMembersResponse, teamRoleSchema } from '@outpilot/contracts';
import { asc, eq } from 'drizzle-orm';
import { loadSubscription, toSubscriptionResponse } from '../billing/load-subscription.ts';
import { personas, teamMembers, users } from '../db/schema.ts';
import { requireMembership, type TeamCaller, type TeamDeps } from './team-membership.ts';

/** GET team/personas: the caller's team, owner first, then in the order they were invited. */
export async function listMembers(deps: TeamDeps, caller: TeamCaller): Promise<TeamMembersResponse> {
  const membership = await requireMembership(deps, caller, 'listMembers');
  const rows = await deps.db
    .select({ member: teamMembers, persona: personas, user: users })
    .from(teamMembers)
    .leftJoin(personas, eq(personas.id, teamMembers.personaId))
    .leftJoin(users, eq(users.id, personas.userId))
    .where(eq(teamMembers.teamId, membership.teamId))
    .orderBy(asc(teamMembers.invitedAt), asc(teamMembers.id));
  const documents: TeamMember[] = [];
  for (const { member, persona, user } of rows) {
    const pending = member.acceptedAt === null || persona === null;
    const linked =
      persona?.networkEntityId && persona.networkPublicIdentifier
        ? {
            picture_url: persona.networkPicture,
            linkedin_entity_id: persona.networkEntityId,
            linkedin_public_identifier: persona.networkPublicIdentifier,
          }
        : null;
    documents.push({
      id: member.id,
      persona_id: member.personaId,
      nickname: member.nickname,
      email: member.email,
      name: user ? `${user.givenName} ${user.familyName}`.trim() : '',
      role: teamRoleSchema.parse(member.role),
      pending,
      added: (member.acceptedAt ?? member.invitedAt).toISOString(),
      avatar: persona?.networkPicture ?? null,
      linkedin_profile: linked,
      subscription: persona ? toSubscriptionResponse(await loadSubscription(deps, persona.id)) : null,
    });
  }
  documents.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  return { documents, total: documents.length };
}
