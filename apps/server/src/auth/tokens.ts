import { createHash, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { NotAuthorizedError } from '../errors.ts';

const issuer = 'outpilot';
const audience = 'outpilot-api';

/** Who works as the member in an impersonation session (the JWT's `act` claim, RFC 8693). */
export type TokenActor = { userId: string; personaId: string };

export type AccessTokenClaims = {
  userId: string;
  personaId: string;
  sessionId: string;
  expiresAt: Date;
  /** Set only on an impersonation token: then userId/personaId are the member's, sessionId the impersonation's. */
  actor: TokenActor | null;
};

const claimsSchema = z.object({
  sub: z.uuid(),
  pid: z.uuid(),
  sid: z.uuid(),
  exp: z.number().int(),
  act: z.object({ sub: z.uuid(), pid: z.uuid() }).optional(),
});

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * An HS256 JWT: sub = user, pid = persona (workspace), sid = session; exp from the injected clock.
 * An impersonation token also carries act = the acting user and persona.
 */
export async function signAccessToken(
  input: { userId: string; personaId: string; sessionId: string; actor?: TokenActor },
  options: { secret: string; now: Date; ttlSeconds: number },
): Promise<{ token: string; expiresAt: Date }> {
  const issuedAt = Math.floor(options.now.getTime() / 1000);
  const exp = issuedAt + options.ttlSeconds;
  const act = input.actor ? { act: { sub: input.actor.userId, pid: input.actor.personaId } } : {};
  const token = await new SignJWT({ pid: input.personaId, sid: input.sessionId, ...act })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(exp)
    .sign(keyOf(options.secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Checks signature, issuer, audience and expiry against the given instant; any failure is NotAuthorized. */
export async function verifyAccessToken(
  token: string,
  options: { secret: string; now: Date },
): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(options.secret), {
      algorithms: ['HS256'],
      issuer,
      audience,
      currentDate: options.now,
      clockTolerance: 0,
    });
    const claims = claimsSchema.parse(payload);
    return {
      userId: claims.sub,
      personaId: claims.pid,
      sessionId: claims.sid,
      expiresAt: new Date(claims.exp * 1000),
      actor: claims.act ? { userId: claims.act.sub, personaId: claims.act.pid } : null,
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof z.ZodError)
      throw new NotAuthorizedError(error);
    throw error;
  }
}
