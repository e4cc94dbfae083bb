import { z } from 'zod';
import { appProfileSchema } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { linkedNetworkProfileSchema } from './network.ts';
import { wholeNumber } from './wire-values.ts';

/**
 * Linking the user's network account (onboarding step 3). The link is made once and cannot be
 * changed later: a second link for the user is refused, and a network profile already linked to
 * another user is refused with the ProfileAlreadyUsed error.
 */
export const networkAccountPaths = {
  /** GET: the network profiles of the signed-in user (seed 000 §4 "get network profiles"). */
  list: '/network-profiles',
  /** POST: link ("add network profile"). */
  link: '/network-profiles',
} as const;

export const linkNetworkProfileRequestSchema = z.object({
  entityId: z.string().trim().min(1).max(100),
  publicIdentifier: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9-_%.]+$/, 'Must be a public profile identifier'),
  givenName: z.string().trim().min(1).max(100),
  familyName: z.string().trim().max(100),
  /** An absolute http(s) URL, or a path on this server (the sandbox serves its own avatars). */
  picture: z
    .string()
    .max(2048)
    .regex(/^(https?:\/\/|\/(?!\/))\S*$/, 'Must be an http(s) URL or a path on this server')
    .nullable(),
});
export type LinkNetworkProfileRequest = z.infer<typeof linkNetworkProfileRequestSchema>;

/** The answer of a successful link: the updated app profile. */
export const linkNetworkProfileResponseSchema = appProfileSchema;

export const networkProfilesResponseSchema = z.object({
  documents: z.array(linkedNetworkProfileSchema),
  total: wholeNumber(),
});
export type NetworkProfilesResponse = z.infer<typeof networkProfilesResponseSchema>;

/** Texts of the two refusals (the spec quotes neither; see docs/decisions.md). */
export const networkAccountMessages = {
  profileAlreadyUsed: 'This LinkedIn account is already linked to another Outpilot account',
  alreadyLinked: 'Your LinkedIn account is already linked and cannot be changed',
} as const;

// ---------------------------------------------------------------------------------------------
// Endpoints: linking the user's network account (onboarding step 3), once and for good

const networkAccountCall = { service: 'api', access: 'user', tags: ['network account'] } as const;

export const networkAccountEndpoints = {
  list: defineEndpoint({
    ...networkAccountCall,
    errors: [],
    method: 'GET',
    path: networkAccountPaths.list,
    summary: 'The network profile linked to the workspace (none or one)',
    answers: { 200: networkProfilesResponseSchema },
  }),
  link: defineEndpoint({
    ...networkAccountCall,
    errors: ['ProfileAlreadyUsed', 'UnprocessableEntity'],
    method: 'POST',
    path: networkAccountPaths.link,
    summary: 'Link the captured network profile; answers the updated app profile',
    body: linkNetworkProfileRequestSchema,
    answers: { 200: linkNetworkProfileResponseSchema },
  }),
};
