import { z } from 'zod';
import { networkProfileSchema } from './network.ts';

/**
 * The simulated network's own HTTP API (apps/sandbox), mounted under sandboxBasePath.
 * The sandbox adapter of @outpilot/agent is its only client; the web app never calls it directly.
 */
export const sandboxPaths = {
  session: '/api/session',
  me: '/api/me',
  profile: (publicIdentifier: string) => `/api/profiles/${encodeURIComponent(publicIdentifier)}`,
  /** The member's profile page for people, as linkedin.com/in/{id}/. */
  profilePage: (publicIdentifier: string) => `/in/${encodeURIComponent(publicIdentifier)}`,
  avatar: (entityId: string) => `/avatars/${encodeURIComponent(entityId)}.svg`,
  login: '/login',
} as const;

/** Cookie set by POST session: the browser "is signed in to the network". */
export const sandboxSessionCookie = 'sandbox_session';
/** The same session given explicitly, for server-side (cloud) runners that hold no cookie jar. */
export const sandboxSessionHeader = 'x-sandbox-session';

export const publicIdentifierSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9-]+$/, 'Must contain only lower-case letters, digits and dashes');

export const sandboxSessionRequestSchema = z.union([
  z.object({ publicIdentifier: publicIdentifierSchema }).strict(),
  z.object({ email: z.email().max(254) }).strict(),
]);
export type SandboxSessionRequest = z.infer<typeof sandboxSessionRequestSchema>;

export const sandboxSessionResponseSchema = z.object({
  sessionId: z.string(),
  profile: networkProfileSchema,
});
export type SandboxSessionResponse = z.infer<typeof sandboxSessionResponseSchema>;
