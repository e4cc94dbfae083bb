import type { PostReactionType, PostsResponse, ReactToPostResponse } from '@outpilot/contracts';
import { postCreatedAtOf, postTextOf } from '../behaviour/person-content.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import type { Population } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { findTarget } from './find-target.ts';

const postOwners = new WeakMap<Population, Map<string, number>>();

function findPostOwner(population: Population, postId: string): Person | undefined {
  let owners = postOwners.get(population);
  if (!owners) {
    owners = new Map();
    for (const person of population.people) for (const id of person.postIds) owners.set(id, person.index);
    postOwners.set(population, owners);
  }
  const index = owners.get(postId);
  return index === undefined ? undefined : population.people[index];
}

/** A member's recent posts, newest first; empty for members who post nothing (ReactOnPost is skipped). */
export function listRecentPosts(
  context: SandboxContext,
  member: Person,
  publicIdentifier: string,
): PostsResponse {
  const person = findTarget(context, member, { publicIdentifier });
  const seed = context.population.seed;
  const posts = person.postIds
    .map((postId) => ({
      postId,
      postUrn: `urn:li:activity:${postId}`,
      text: postTextOf(seed, person, postId),
      createdAt: postCreatedAtOf(seed, postId, context.startedAt).toISOString(),
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { posts };
}

/** Reacts to a post once: reacting again to the same post answers the first reaction. */
export function reactToPost(
  context: SandboxContext,
  member: Person,
  postId: string,
  reaction: PostReactionType,
): ReactToPostResponse {
  context.faults.maybeFail('posts.react');
  const owner = findPostOwner(context.population, postId);
  if (!owner || (!owner.isVisible && owner.index !== member.index)) {
    throw new SandboxError('NotFound', 'This post does not exist');
  }
  const known = context.network.peek(member.index)?.reactions.get(postId);
  const record = known ?? { postId, personIndex: owner.index, reaction, reactedAt: context.clock.now() };
  if (!known) context.network.addReaction(member.index, record);
  return {
    postId,
    entityId: owner.entityId,
    reaction: record.reaction,
    reactedAt: record.reactedAt.toISOString(),
  };
}
