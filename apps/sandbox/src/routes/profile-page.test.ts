import { describe, expect, it } from 'vitest';
import { findMember, sandboxesClosedAfterEachTest } from '../testing/test-sandbox.ts';

const sandbox = sandboxesClosedAfterEachTest();

describe("a member's profile page (/in/{publicIdentifier})", () => {
  it('shows the name, degree, headline, location, about, experience and education as HTML', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const person = findMember(box.population, (candidate) => candidate !== member);
    const headers = await box.signIn(member);
    const details = (
      await box.call('GET', `/api/profiles/${person.publicIdentifier}/details`, headers)
    ).json();

    const page = await box.call('GET', `/in/${person.publicIdentifier}`, headers);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const asHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll("'", '&#39;');
    expect(page.body).toContain(
      `<h1>${asHtml(`${person.firstName} ${person.lastName}`)} <span class="degree">`,
    );
    expect(page.body).toContain(
      `<title>${asHtml(`${person.firstName} ${person.lastName}`)} | Sandbox network</title>`,
    );
    for (const text of [
      details.headline,
      details.location,
      details.summary,
      person.title,
      person.company,
      person.school,
    ]) {
      expect(page.body).toContain(asHtml(text));
    }
    expect(page.body).toMatch(/<h2 id="about">About<\/h2>/);
    expect(page.body).toMatch(/<h2 id="experience">Experience<\/h2>/);
    expect(page.body).not.toContain('{"');
  });

  it('asks a visitor who is not signed in to sign in, and answers 404 for an unknown member', async () => {
    const box = await sandbox();
    const member = findMember(box.population, () => true);
    const anonymous = await box.call('GET', `/in/${member.publicIdentifier}`, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).toContain('Sign in to the sandbox network to see this profile.');
    expect(anonymous.body).toContain('href="/sandbox/login"');
    expect(anonymous.body).not.toContain(member.lastName);
    const headers = await box.signIn(member);
    const unknown = await box.call('GET', '/in/nobody-here-000000', headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('This profile is not available');
    const malformed = await box.call('GET', `/in/${encodeURIComponent('<script>')}`, headers);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).not.toContain('<script>');
  });
});
