import { expect, test } from '@playwright/test';
import { createOnboardedAccount } from '../support/accounts.ts';
import { appAccessToken } from '../support/app-access-token.ts';
import { e2eVirtualClockServerUrl as base } from '../support/e2e-server-url.ts';
import { signInAt } from '../support/sign-in.ts';
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
  await signInAt(page, '/', account);
  // The agent in the page keeps the tokens (and refreshes them as the engine's clock moves).
  const accessToken = () => appAccessToken(page);
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

  // What the server has been told was sent: a report counts once it lands. -1 while the page's
  // token is refreshed after a jump of the clock (the agent refreshes it within seconds).
  const reportedInvitations = async () => {
    const answer = await api('GET', `/campaigns/${campaign.id}`);
    if (!answer.ok()) return -1;
    return ((await answer.json()) as { statistics: { invitation_sent: number } }).statistics.invitation_sent;
  };

  // The in-page agent claims what is due (it looks every 5 s); the journey moves the engine's clock
  // a quarter of an hour at a time: each step lets the persona's 2-8 minute pace run out once. The
  // clock moves only once the runner's report has landed: a jump between a token's refresh and the
  // report's resend would expire the fresh token, and on this server (no background sweeps) the
  // lost report's lease would never run out to have the activity reconciled.
  expect(await invitationsSentOnTheNetwork(member)).toBe(0);
  // The campaign's page stays open while it runs: its statistics move without a reload.
  await page.goto(`/campaigns/${campaign.id}`);
  const chart = page.getByRole('img', { name: /^Executions by state:/ });
  await expect(chart).toHaveAccessibleName(/In queue: [1-4]/);
  for (let step = 0; step < 8 && (await reportedInvitations()) < 4; step += 1) {
    let before = -1;
    await expect
      .poll(async () => {
        before = await reportedInvitations();
        return before;
      })
      .toBeGreaterThanOrEqual(0);
    await request.post('/api/test/clock/advance', { data: { milliseconds: 15 * 60 * 1000 } });
    await expect
      .poll(reportedInvitations, { timeout: 15_000 })
      .toBeGreaterThan(before)
      .catch(() => undefined);
  }
  expect(await reportedInvitations()).toBe(4);
  // The page refreshes a running campaign's figures every few seconds: nobody is queued any more,
  // and the network holds one invitation per contact: none was performed twice.
  await expect(chart).not.toHaveAccessibleName(/In queue/, { timeout: 30_000 });
  expect(await invitationsSentOnTheNetwork(member)).toBe(4);
});
