import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import { contacts } from '../db/schema.ts';

export type MemberIds = { publicIdentifier: string | null; entityId: string | null };

/** The persona's contacts known by any of these network ids, as contact id → a matching member's index. */
export async function matchContacts(
  tx: Executor,
  personaId: string,
  members: readonly MemberIds[],
): Promise<Map<string, number>> {
  const entityIds = new Map<string, number>();
  const slugs = new Map<string, number>();
  members.forEach((member, index) => {
    if (member.entityId) entityIds.set(member.entityId, index);
    if (member.publicIdentifier) slugs.set(member.publicIdentifier.toLowerCase(), index);
  });
  const conditions: SQL[] = [];
  if (entityIds.size > 0) conditions.push(inArray(contacts.linkedinEntityId, [...entityIds.keys()]));
  if (slugs.size > 0) conditions.push(inArray(contacts.linkedinPublicIdentifier, [...slugs.keys()]));
  const matched = new Map<string, number>();
  if (conditions.length === 0) return matched;
  const rows = await tx
    .select({
      id: contacts.id,
      entityId: contacts.linkedinEntityId,
      slug: contacts.linkedinPublicIdentifier,
    })
    .from(contacts)
    .where(and(eq(contacts.personaId, personaId), or(...conditions)));
  for (const row of rows) {
    const index =
      (row.entityId ? entityIds.get(row.entityId) : undefined) ??
      (row.slug ? slugs.get(row.slug) : undefined);
    if (index !== undefined) matched.set(row.id, index);
  }
  return matched;
}

/** Whether a member (a message's author) is this contact. */
export function isMember(
  contact: { entityId: string | null; slug: string | null },
  member: MemberIds,
): boolean {
  return (
    (contact.entityId !== null && contact.entityId === member.entityId) ||
    (contact.slug !== null && contact.slug === member.publicIdentifier?.toLowerCase())
  );
}
