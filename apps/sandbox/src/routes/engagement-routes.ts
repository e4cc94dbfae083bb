import {
  endorseSkillRequestSchema,
  endorseSkillResponseSchema,
  postsResponseSchema,
  publicIdentifierSchema,
  reactToPostRequestSchema,
  reactToPostResponseSchema,
  sandboxActionPaths,
  sandboxFollowRequestSchema,
  sandboxFollowResponseSchema,
  sandboxProfileDetailsSchema,
  skillsResponseSchema,
  visitProfileResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { followMember } from '../actions/follow-member.ts';
import { getProfileDetails } from '../actions/get-profile.ts';
import { listRecentPosts, reactToPost } from '../actions/posts.ts';
import { endorseSkill, listSkills } from '../actions/skills.ts';
import { visitProfile } from '../actions/visit-profile.ts';
import { readInput } from '../http/read-input.ts';
import { drawsFaults, routeDocs, signedIn } from '../http/route-docs.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const profileParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });
const postParamsSchema = z.object({ postId: z.string().regex(/^\d{1,20}$/, 'Must be a post id') });

/** Follow, posts and reactions, skills and endorsements, visits and the scrape of a profile. */
export function registerEngagementRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(
    sandboxActionPaths.follows,
    routeDocs({
      summary: 'Follow a member (again: the first follow)',
      body: sandboxFollowRequestSchema,
      answers: { 200: { description: 'Followed', schema: sandboxFollowResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 400, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { entityId } = readInput(request, 'body', sandboxFollowRequestSchema);
      return followMember(context, member, entityId);
    },
  );

  app.get(
    '/api/profiles/:publicIdentifier/details',
    routeDocs({
      summary: 'A profile with the sections a scrape reads (the e-mail for 1st-degree connections)',
      params: profileParamsSchema,
      answers: { 200: { description: 'The profile', schema: sandboxProfileDetailsSchema } },
      refusals: [...signedIn, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      return getProfileDetails(context, member, publicIdentifier);
    },
  );

  app.get(
    '/api/profiles/:publicIdentifier/posts',
    routeDocs({
      summary: "A member's recent posts, newest first",
      params: profileParamsSchema,
      answers: { 200: { description: 'The posts', schema: postsResponseSchema } },
      refusals: [...signedIn, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      return listRecentPosts(context, member, publicIdentifier);
    },
  );

  app.post(
    '/api/posts/:postId/reactions',
    routeDocs({
      summary: 'React to a post once (again: the first reaction)',
      params: postParamsSchema,
      body: reactToPostRequestSchema,
      answers: { 200: { description: 'Reacted', schema: reactToPostResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { postId } = readInput(request, 'params', postParamsSchema);
      const { reaction } = readInput(request, 'body', reactToPostRequestSchema);
      return reactToPost(context, member, postId, reaction);
    },
  );

  app.get(
    '/api/profiles/:publicIdentifier/skills',
    routeDocs({
      summary: "A member's skills with their endorsements",
      params: profileParamsSchema,
      answers: { 200: { description: 'The skills', schema: skillsResponseSchema } },
      refusals: [...signedIn, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      return listSkills(context, member, publicIdentifier);
    },
  );

  app.post(
    '/api/profiles/:publicIdentifier/endorsements',
    routeDocs({
      summary: 'Endorse a listed skill of a 1st-degree connection (again: the first time)',
      params: profileParamsSchema,
      body: endorseSkillRequestSchema,
      answers: { 200: { description: 'Endorsed', schema: endorseSkillResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 400, 403, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      const { skill } = readInput(request, 'body', endorseSkillRequestSchema);
      return endorseSkill(context, member, publicIdentifier, skill);
    },
  );

  app.post(
    '/api/profiles/:publicIdentifier/visits',
    routeDocs({
      summary: 'Record a profile view (one per person per UTC day)',
      params: profileParamsSchema,
      answers: { 200: { description: 'Visited', schema: visitProfileResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 400, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const { publicIdentifier } = readInput(request, 'params', profileParamsSchema);
      return visitProfile(context, member, publicIdentifier);
    },
  );
}
