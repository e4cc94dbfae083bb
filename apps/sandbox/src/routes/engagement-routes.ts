import {
  endorseSkillRequestSchema,
  publicIdentifierSchema,
  reactToPostRequestSchema,
  sandboxActionPaths,
  sandboxFollowRequestSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { followMember } from '../actions/follow-member.ts';
import { getProfileDetails } from '../actions/get-profile.ts';
import { listRecentPosts, reactToPost } from '../actions/posts.ts';
import { endorseSkill, listSkills } from '../actions/skills.ts';
import { visitProfile } from '../actions/visit-profile.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';

const profileParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });
const postParamsSchema = z.object({ postId: z.string().regex(/^\d{1,20}$/, 'Must be a post id') });

/** Follow, posts and reactions, skills and endorsements, visits and the scrape of a profile. */
export function registerEngagementRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post(sandboxActionPaths.follows, async (request) => {
    const { member } = requireSignedIn(context, request);
    const { entityId } = sandboxFollowRequestSchema.parse(request.body ?? {});
    return followMember(context, member, entityId);
  });

  app.get('/api/profiles/:publicIdentifier/details', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    return getProfileDetails(context, member, publicIdentifier);
  });

  app.get('/api/profiles/:publicIdentifier/posts', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    return listRecentPosts(context, member, publicIdentifier);
  });

  app.post('/api/posts/:postId/reactions', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { postId } = postParamsSchema.parse(request.params);
    const { reaction } = reactToPostRequestSchema.parse(request.body ?? {});
    return reactToPost(context, member, postId, reaction);
  });

  app.get('/api/profiles/:publicIdentifier/skills', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    return listSkills(context, member, publicIdentifier);
  });

  app.post('/api/profiles/:publicIdentifier/endorsements', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    const { skill } = endorseSkillRequestSchema.parse(request.body ?? {});
    return endorseSkill(context, member, publicIdentifier, skill);
  });

  app.post('/api/profiles/:publicIdentifier/visits', async (request) => {
    const { member } = requireSignedIn(context, request);
    const { publicIdentifier } = profileParamsSchema.parse(request.params);
    return visitProfile(context, member, publicIdentifier);
  });
}
