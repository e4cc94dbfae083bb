import { createHash } from 'node:crypto';
import {
  csrfFailedText,
  liAtResetCookie,
  passesCsrfCheck,
  readCookies,
} from '@outpilot/agent/linkedin-dialect';
import { sandboxSessionRequestSchema } from '@outpilot/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext, SignedIn } from '../sandbox-context.ts';
import { signInMember } from '../sessions/sign-in-member.ts';
import { LinkedInRefusal } from './linkedin-refusal.ts';

/**
 * The facade's session is the sandbox's own (the same sessions, kept in the same facts), carried
 * the way linkedin.com carries it: li_at holds the session id, JSESSIONID a value derived from it,
 * which every API call must echo in its csrf-token header.
 */
export function jsessionIdOf(context: SandboxContext, sessionId: string): string {
  const digest = createHash('sha256').update(`${context.population.seed}:${sessionId}`).digest('hex');
  return `"ajax:${BigInt(`0x${digest.slice(0, 15)}`).toString()}"`;
}

const cookiePathOf = (basePath: string) => basePath || '/';

function setSessionCookies(
  reply: FastifyReply,
  context: SandboxContext,
  basePath: string,
  sessionId: string,
) {
  const path = cookiePathOf(basePath);
  reply.header('set-cookie', [
    `li_at=${sessionId}; Path=${path}; HttpOnly; SameSite=Lax`,
    `JSESSIONID=${jsessionIdOf(context, sessionId)}; Path=${path}; SameSite=Lax`,
  ]);
}

function clearSessionCookies(reply: FastifyReply, basePath: string) {
  const path = cookiePathOf(basePath);
  const gone = `Path=${path}; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  reply.header('set-cookie', [
    `li_at=; ${gone}; HttpOnly; SameSite=Lax`,
    `JSESSIONID=; ${gone}; SameSite=Lax`,
  ]);
}

/** The live session li_at names, if any; `expired` when it names one that ran out on the clock. */
function sessionOf(context: SandboxContext, request: FastifyRequest) {
  const cookies = readCookies(request.headers.cookie);
  const sessionId = cookies.get('li_at');
  const session = sessionId ? context.sessions.find(sessionId) : undefined;
  if (!session) return { cookies, signedIn: undefined, expired: false };
  if (context.sessions.isExpired(session)) return { cookies, signedIn: undefined, expired: true };
  const member = context.population.people[session.memberIndex];
  return { cookies, signedIn: member ? { session, member } : undefined, expired: false };
}

/** A page of the site (the feed, a profile): signed out, it redirects to the sign-in page. */
export function requirePageSession(
  context: SandboxContext,
  basePath: string,
  request: FastifyRequest,
): SignedIn {
  const { signedIn } = sessionOf(context, request);
  if (signedIn) return signedIn;
  throw new LinkedInRefusal(302, {
    headers: { location: `${basePath}/login?session_redirect=${encodeURIComponent(request.url)}` },
  });
}

/**
 * An API call: a live session (401, with li_at reset once it expired) and the csrf-token matching
 * JSESSIONID (403 'CSRF check failed.'), with REST.li 2.0 (reference §0, §2.2).
 */
export function requireApiSession(context: SandboxContext, request: FastifyRequest): SignedIn {
  const { cookies, signedIn, expired } = sessionOf(context, request);
  if (!signedIn)
    throw new LinkedInRefusal(401, { headers: expired ? { 'set-cookie': liAtResetCookie } : {} });
  if (
    !passesCsrfCheck(request.headers, cookies.get('JSESSIONID'), jsessionIdOf(context, signedIn.session.id))
  )
    throw new LinkedInRefusal(403, { text: csrfFailedText });
  if (request.headers['x-restli-protocol-version'] !== '2.0.0') throw new LinkedInRefusal(400);
  return signedIn;
}

const signInHtml = (basePath: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in | Sandbox LinkedIn</title></head>
<body>
<h1>Sign in to the sandbox network (LinkedIn dialect)</h1>
<form id="sign-in">
<label for="identity">Public identifier or e-mail</label>
<input id="identity" name="identity" required autocomplete="off">
<button type="submit">Sign in</button>
</form>
<p id="error" role="alert"></p>
<script src="${basePath}/login.js"></script>
</body>
</html>
`;

const signInScript = (basePath: string) => `(() => {
  const form = document.getElementById('sign-in');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const identity = document.getElementById('identity').value.trim();
    const body = identity.includes('@') ? { email: identity } : { publicIdentifier: identity };
    const response = await fetch('${basePath}/login', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    if (!response.ok) { document.getElementById('error').textContent = 'No such member'; return; }
    const next = new URLSearchParams(location.search).get('session_redirect');
    location.href = next && next.startsWith('${basePath}/') ? next : '${basePath}/feed/';
  });
})();
`;

/** Sign-in page, sign-in (the sandbox's own session, as cookies) and sign-out. */
export function registerLinkedInSession(
  app: FastifyInstance,
  context: SandboxContext,
  basePath: string,
): void {
  app.get('/login', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(signInHtml(basePath)),
  );
  app.get('/login.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(signInScript(basePath)),
  );
  app.post('/login', async (request, reply) => {
    const parsed = sandboxSessionRequestSchema.safeParse(request.body ?? {});
    if (!parsed.success) throw new LinkedInRefusal(400);
    const input = parsed.data;
    const { member, session } = signInMember(
      context,
      input,
      sessionOf(context, request).signedIn?.session.id,
    );
    setSessionCookies(reply, context, basePath, session.id);
    return reply.status(200).send({ publicIdentifier: member.publicIdentifier });
  });
  app.get('/logout', async (request, reply) => {
    const signedIn = sessionOf(context, request).signedIn;
    if (signedIn) context.sessions.remove(signedIn.session.id);
    clearSessionCookies(reply, basePath);
    return reply.redirect(`${basePath}/login`);
  });
}
