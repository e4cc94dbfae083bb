import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { linkedNetworkProfileSchema } from './network.ts';
import { apiPaths } from './paths.ts';
import { wholeNumber } from './wire-values.ts';

/** A path inside the app (never an absolute URL), so a crafted state cannot redirect elsewhere. */
export const appPathSchema = z
  .string()
  .max(2048)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Must be a path inside the app, starting with a single /');

export const signInUrlRequestSchema = z.object({
  returnTo: appPathSchema.default('/'),
  referrer: z.string().max(200).optional(),
});
export type SignInUrlRequest = z.input<typeof signInUrlRequestSchema>;
export const signInUrlResponseSchema = z.object({ url: z.url() });
export type SignInUrlResponse = z.infer<typeof signInUrlResponseSchema>;

export const exchangeCodeRequestSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});
export type ExchangeCodeRequest = z.infer<typeof exchangeCodeRequestSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.iso.datetime(),
  refreshToken: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const exchangeCodeResponseSchema = tokenPairSchema.extend({ returnTo: appPathSchema });
export type ExchangeCodeResponse = z.infer<typeof exchangeCodeResponseSchema>;

export const refreshTokenRequestSchema = z.object({ refreshToken: z.string().min(1).max(512) });
export type RefreshTokenRequest = z.infer<typeof refreshTokenRequestSchema>;

export const teamRoleSchema = z.enum(['owner', 'manager', 'user']);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** The app profile of seed 000 §3, as GET profile answers it. */
export const appProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  isBackendAutomation: z.boolean(),
  isBetaUser: z.boolean(),
  impersonatedPersona: z.string().nullable(),
  subscriptionIsActive: z.boolean(),
  subscriptionOwnerId: z.string().nullable(),
  personaId: z.string(),
  teamId: z.string().nullable(),
  teamRole: teamRoleSchema.nullable(),
  timezoneOffset: wholeNumber().nullable(),
  workingHoursSet: z.boolean(),
  accessTokenExpiresAt: z.iso.datetime(),
  isTeamPlanAccessible: z.boolean(),
  isProPlanAccessible: z.boolean(),
  exceedLinkedInInvitationsLimit: z.boolean(),
  onBoarding: z.boolean(),
  runningActivitiesEnabled: z.boolean(),
  linkedInProfile: linkedNetworkProfileSchema.nullable(),
});
export type AppProfile = z.infer<typeof appProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Endpoints: sign-in, tokens, sign-out (seed 000 §4) and the app profile

const authCall = { service: 'api', access: 'public', tags: ['auth'] } as const;

export const authEndpoints = {
  signInUrl: defineEndpoint({
    ...authCall,
    errors: ['UnprocessableEntity'],
    method: 'POST',
    path: apiPaths.signInUrl,
    summary: 'Start a sign-in with the identity provider (authorization code with PKCE)',
    body: signInUrlRequestSchema,
    answers: { 200: signInUrlResponseSchema },
  }),
  exchangeCode: defineEndpoint({
    ...authCall,
    errors: ['UnprocessableEntity'],
    method: 'POST',
    path: apiPaths.exchangeCode,
    summary: 'Exchange the authorization code for an access token and a refresh token',
    body: exchangeCodeRequestSchema,
    answers: { 200: exchangeCodeResponseSchema },
  }),
  refreshToken: defineEndpoint({
    ...authCall,
    errors: ['NotAuthorized'],
    method: 'POST',
    path: apiPaths.refreshToken,
    summary: 'Rotate the refresh token and get a new access token',
    body: refreshTokenRequestSchema,
    answers: { 200: tokenPairSchema },
  }),
  signOut: defineEndpoint({
    ...authCall,
    access: 'user',
    errors: [],
    method: 'POST',
    path: apiPaths.signOut,
    summary: 'Revoke the current session',
    answers: { 204: z.null() },
  }),
  profile: defineEndpoint({
    ...authCall,
    access: 'user',
    tags: ['profile'],
    errors: [],
    method: 'GET',
    path: apiPaths.profile,
    summary: 'The app profile of the signed-in user',
    answers: { 200: appProfileSchema },
  }),
};
