import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeDocs } from '../http/route-docs.ts';
import type { SandboxContext } from '../sandbox-context.ts';

// The script is served as its own file, not inline, so a strict Content-Security-Policy
// (script-src 'self') set by the hosting server still lets it run.
const loginHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox network sign-in</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1d2226; }
form { display: flex; gap: .5rem; } input { flex: 1; padding: .5rem; } button { padding: .5rem 1rem; }
#member { display: flex; align-items: center; gap: .75rem; margin: 1rem 0; } #member img { width: 48px; height: 48px; border-radius: 50%; }
#error { color: #b24020; }
</style>
</head>
<body>
<h1>Sandbox network sign-in</h1>
<p>Sign in to the simulated network with a member's public identifier or any e-mail address.</p>
<form id="sign-in">
<label for="identity" hidden>Public identifier or e-mail</label>
<input id="identity" name="identity" placeholder="jane-doe-3f9a1c or you@example.com" required autocomplete="off">
<button type="submit">Sign in</button>
</form>
<p id="error" role="alert"></p>
<section id="status" aria-live="polite">
<p id="signed-out">Not signed in.</p>
<div id="member" hidden><img id="picture" alt=""><div><strong id="name"></strong><div id="headline"></div><small id="identifier"></small></div></div>
<button id="sign-out" type="button" hidden>Sign out</button>
</section>
<script src="login.js"></script>
</body>
</html>
`;

const loginScript = `(() => {
  const byId = (id) => document.getElementById(id);
  const show = (profile) => {
    byId('signed-out').hidden = Boolean(profile);
    byId('member').hidden = !profile;
    byId('sign-out').hidden = !profile;
    if (!profile) return;
    byId('name').textContent = profile.firstName + ' ' + profile.lastName;
    byId('headline').textContent = profile.headline;
    byId('identifier').textContent = profile.publicIdentifier;
    if (profile.picture) byId('picture').src = profile.picture; else byId('picture').removeAttribute('src');
  };
  const refresh = async () => {
    const response = await fetch('api/me', { credentials: 'same-origin' });
    show(response.ok ? await response.json() : null);
  };
  byId('sign-in').addEventListener('submit', async (event) => {
    event.preventDefault();
    byId('error').textContent = '';
    const identity = byId('identity').value.trim();
    const body = identity.includes('@') ? { email: identity } : { publicIdentifier: identity };
    const response = await fetch('api/session', {
      method: 'POST', credentials: 'same-origin',
      headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
    });
    const answer = await response.json();
    if (!response.ok) { byId('error').textContent = answer.message; return; }
    show(answer.profile);
  });
  byId('sign-out').addEventListener('click', async () => {
    await fetch('api/session', { method: 'DELETE', credentials: 'same-origin' });
    show(null);
  });
  refresh();
})();
`;

export function registerLoginPage(app: FastifyInstance, _context: SandboxContext): void {
  const page = (summary: string, mediaType: string) =>
    routeDocs({
      summary,
      answers: { 200: { description: summary, schema: z.string(), mediaType } },
      refusals: [],
    });
  app.get('/login', page("The network's sign-in page", 'text/html'), async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(loginHtml),
  );
  app.get('/login.js', page("The sign-in page's script", 'text/javascript'), async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(loginScript),
  );
}
