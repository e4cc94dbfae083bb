import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createOnboardedAccount } from '../support/accounts.ts';
import { e2eVirtualClockServerUrl as base } from '../support/e2e-server-url.ts';
import { moveToNextMondayMorning } from '../support/virtual-clock.ts';

// The engine's time is virtual on this server: it is Monday 10:00 UTC until the journey moves it.
test.use({ baseURL: base });

const csvHeader =
  'LinkedIn Profile,First Name,Last Name,Company Name,Position Title,Country,Custom Field 1,Custom Field 2,Custom Field 3';

async function sandboxSession(email: string): Promise<string> {
  const response = await fetch(`${base}/sandbox/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { sessionId } = (await response.json()) as { sessionId: string };
  return sessionId;
}

async function invitationsSentOnTheNetwork(sessionId: string): Promise<number> {
  const response = await fetch(`${base}/sandbox/api/activity`, {
    headers: { 'x-sandbox-session': sessionId },
  });
  const activity = (await response.json()) as { counts: { invitationsSent: number } };
  return activity.counts.invitationsSent;
}

test('a local workspace runs its campaign in the browser while the app is open, inside working hours', async ({
  page,
  request,
}) => {
  // Real time: sign-in, the import, then up to eight runner cycles of a few seconds each.
  test.setTimeout(180_000);
  await moveToNextMondayMorning(request);
  const account = await createOnboardedAccount(request, 'local-runner');
  await page.goto('/');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await new ShellPage(page).expectLoaded();
  // The agent in the page keeps the tokens (and refreshes them as the engine's clock moves).
  const accessToken = () =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('outpilot.agent.tokens') ?? '{}') as { accessToken: string })
          .accessToken,
    );
  const api = async (method: string, path: string, data?: unknown) =>
    request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}` },
      ...(data === undefined ? {} : { data }),
    });

  // The browser is signed in to the network (the sandbox's /login does the same); the agent's own
  // sign-in after the code exchange is best effort.
  const networkSignIn = await page
    .context()
    .request.post('/sandbox/api/session', { data: { email: account.email } });
  expect(networkSignIn.ok()).toBe(true);

  // Four members of the sandbox network not yet connected to this user's network account (a
  // connected one would rightly skip its Connect), imported as a CSV file.
  const member = await sandboxSession(account.email);
  const search = encodeURIComponent('https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D');
  const found = (await (
    await fetch(`${base}/sandbox/api/search/people?url=${search}&start=0&count=20`, {
      headers: { 'x-sandbox-session': member },
    })
  ).json()) as {
    elements: { invisible: boolean; publicIdentifier: string | null; firstName?: string; degree: string }[];
  };
  const people = found.elements
    .filter((person) => !person.invisible && person.publicIdentifier && person.degree !== 'FIRST')
    .slice(0, 4);
  expect(people).toHaveLength(4);
  const csv = [
    csvHeader,
    ...people.map(
      (person) => `https://www.linkedin.com/in/${person.publicIdentifier}/,${person.firstName},,,,,,,`,
    ),
  ].join('\n');
  const upload = await request.fetch('/api/v1/imports/csv?file_name=people.csv', {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'text/csv' },
    data: Buffer.from(csv),
  });
  expect(upload.ok()).toBe(true);

  const campaign = (await (await api('POST', '/campaigns', { name: 'Browser runner' })).json()) as {
    id: string;
  };
  expect(
    (await api('PUT', `/campaigns/${campaign.id}/update_steps`, { steps: [{ type: 'Connect' }] })).ok(),
  ).toBe(true);
  expect((await api('PUT', `/campaigns/${campaign.id}/target_audience`, {})).ok()).toBe(true);
  expect((await api('PUT', `/campaigns/${campaign.id}/run`)).ok()).toBe(true);

  // The in-page agent claims what is due (it looks every 5 s); the journey moves the engine's clock
  // a quarter of an hour at a time: each step lets the persona's 2-8 minute pace run out once.
  expect(await invitationsSentOnTheNetwork(member)).toBe(0);
  // The campaign's page stays open while it runs: its statistics move without a reload.
  await page.goto(`/campaigns/${campaign.id}`);
  const chart = page.getByRole('img', { name: /^Executions by state:/ });
  await expect(chart).toHaveAccessibleName(/In queue: [1-4]/);
  for (let step = 0; step < 8 && (await invitationsSentOnTheNetwork(member)) < 4; step += 1) {
    const before = await invitationsSentOnTheNetwork(member);
    await request.post('/api/test/clock/advance', { data: { milliseconds: 15 * 60 * 1000 } });
    await expect
      .poll(() => invitationsSentOnTheNetwork(member), { timeout: 15_000 })
      .toBeGreaterThan(before)
      .catch(() => undefined);
  }
  expect(await invitationsSentOnTheNetwork(member)).toBe(4);
  // A report can be lost to the journey's own clock jumps: a token refreshed just before a 15-minute
  // jump is already expired when the report is resent, and the runner keeps no report it could not
  // send. The engine's answer is the lease: once it runs out (5 minutes) the activity is claimed
  // again and reconciled with the network, never performed again. One more jump gives it that time.
  await request.post('/api/test/clock/advance', { data: { milliseconds: 15 * 60 * 1000 } });
  // The page refreshes a running campaign's figures every few seconds: nobody is queued any more,
  // and the network still holds one invitation per contact.
  await expect(chart).not.toHaveAccessibleName(/In queue/, { timeout: 30_000 });
  expect(await invitationsSentOnTheNetwork(member)).toBe(4);

  const statistics = (await (await api('GET', `/campaigns/${campaign.id}`)).json()) as {
    statistics: { invitation_sent: number };
  };
  expect(statistics.statistics.invitation_sent).toBe(4);
});
