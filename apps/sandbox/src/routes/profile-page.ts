import {
  type ConnectionDegree,
  publicIdentifierSchema,
  type SandboxProfileDetails,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getProfileDetails } from '../actions/get-profile.ts';
import { routeDocs } from '../http/route-docs.ts';
import { SandboxError } from '../http/sandbox-error.ts';
import { findSignedIn, type SandboxContext } from '../sandbox-context.ts';

/**
 * The member's profile page, as linkedin.com/in/{id}/ shows it (issue 21 item 6): what the app's
 * "Open profile" opens in sandbox mode, so the demo reads like the real network. Like the real
 * site it needs a signed-in member (the degree is theirs); the JSON of the same facts stays at
 * /api/profiles/{id}/details for the agent.
 */

const pageParamsSchema = z.object({ publicIdentifier: publicIdentifierSchema });

const degreeLabels: Record<ConnectionDegree, string> = {
  SELF: 'You',
  FIRST: '1st',
  SECOND: '2nd',
  THIRD: '3rd+',
  OUT_OF_NETWORK: 'Out of network',
};

/** Every text of the page comes from the population or the URL: none is markup. */
function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );
}

const styles = `body { font-family: system-ui, sans-serif; margin: 0; background: #f4f2ee; color: #1d2226; }
main { max-width: 48rem; margin: 1.5rem auto; padding: 0 1rem; display: grid; gap: .75rem; }
section { background: #fff; border-radius: .5rem; border: 1px solid #e0dfdc; padding: 1.25rem 1.5rem; }
.top { display: flex; gap: 1.25rem; align-items: center; flex-wrap: wrap; }
.top img { width: 112px; height: 112px; border-radius: 50%; }
h1 { font-size: 1.5rem; margin: 0; } h2 { font-size: 1.2rem; margin: 0 0 .75rem; }
.degree { color: #56687a; font-weight: normal; font-size: 1rem; } .muted { color: #56687a; }
ul { list-style: none; margin: 0; padding: 0; display: grid; gap: .75rem; } p { margin: .25rem 0; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Sandbox network</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The page of one member: name, degree, headline, location, about, experience, education, skills. */
export function renderProfilePage(profile: SandboxProfileDetails): string {
  const name = `${profile.firstName} ${profile.lastName}`;
  const picture = profile.picture ? `<img src="${escapeHtml(profile.picture)}" alt="">` : '';
  const experience = profile.positions
    .map(
      (position) =>
        `<li><strong>${escapeHtml(position.title)}</strong><p>${escapeHtml(position.companyName)}</p>` +
        `<p class="muted">Since ${escapeHtml(new Date(position.startedAt).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }))}</p></li>`,
    )
    .join('');
  const education = profile.education
    .map((school) => `<li><strong>${escapeHtml(school.schoolName)}</strong></li>`)
    .join('');
  return page(
    name,
    `<section class="top" aria-label="Profile">
${picture}
<div>
<h1>${escapeHtml(name)} <span class="degree">· ${degreeLabels[profile.degree]}</span></h1>
<p>${escapeHtml(profile.headline)}</p>
<p class="muted">${escapeHtml(profile.location)}${profile.isPremium ? ' · Premium' : ''}</p>
</div>
</section>
<section aria-labelledby="about"><h2 id="about">About</h2><p>${escapeHtml(profile.summary)}</p></section>
<section aria-labelledby="experience"><h2 id="experience">Experience</h2><ul>${experience}</ul></section>
<section aria-labelledby="education"><h2 id="education">Education</h2><ul>${education}</ul></section>
<section aria-labelledby="skills"><h2 id="skills">Skills</h2><p>${escapeHtml(profile.skills.join(' · '))}</p></section>`,
  );
}

function messagePage(title: string, text: string, loginHref: string | null): string {
  const link = loginHref === null ? '' : ` <a href="${escapeHtml(loginHref)}">Sign in</a>`;
  return page(title, `<section><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}${link}</p></section>`);
}

export function registerProfilePage(app: FastifyInstance, context: SandboxContext): void {
  app.get(
    '/in/:publicIdentifier',
    routeDocs({
      summary: "A member's profile page, for people (the app's Open profile in sandbox mode)",
      params: pageParamsSchema,
      // A page for people: its refusals are pages too, not the API's JSON error bodies.
      answers: {
        200: { description: 'The profile page', schema: z.string(), mediaType: 'text/html' },
        401: {
          description: 'Not signed in: a page with a sign-in link',
          schema: z.string(),
          mediaType: 'text/html',
        },
        404: { description: 'No such visible member', schema: z.string(), mediaType: 'text/html' },
      },
      refusals: [],
    }),
    async (request, reply) => {
      const html = reply.type('text/html; charset=utf-8');
      const parsed = pageParamsSchema.safeParse(request.params);
      const signedIn = findSignedIn(context, request);
      const loginHref = `${context.basePath}/login`;
      if (!signedIn) {
        const text = 'Sign in to the sandbox network to see this profile.';
        return html.code(401).send(messagePage('Sign in to see this profile', text, loginHref));
      }
      const notFound = () =>
        html
          .code(404)
          .send(messagePage('This profile is not available', 'No member has this address.', null));
      if (!parsed.success) return notFound();
      try {
        return html.send(
          renderProfilePage(getProfileDetails(context, signedIn.member, parsed.data.publicIdentifier)),
        );
      } catch (error) {
        if (error instanceof SandboxError && error.status === 404) return notFound();
        throw error;
      }
    },
  );
}
