import { sandboxSessionCookie, sandboxSessionHeader } from '@outpilot/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Reads the session id from the explicit header (cloud runners) or the cookie (a browser). */
export function readSessionId(request: FastifyRequest): string | undefined {
  const header = request.headers[sandboxSessionHeader];
  if (typeof header === 'string' && header.length > 0) return header;
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === sandboxSessionCookie) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

// Path=/sandbox keeps the network's cookie away from the product's own API, as two sites would be.
export function setSessionCookie(reply: FastifyReply, sessionId: string, path: string): void {
  reply.header(
    'set-cookie',
    `${sandboxSessionCookie}=${encodeURIComponent(sessionId)}; Path=${path}; HttpOnly; SameSite=Lax`,
  );
}

export function clearSessionCookie(reply: FastifyReply, path: string): void {
  reply.header(
    'set-cookie',
    `${sandboxSessionCookie}=; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`,
  );
}
