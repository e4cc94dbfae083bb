import { clockResponseSchema } from '@outpilot/contracts';
import { expect, type Page, test } from '@playwright/test';
import { ImpersonationBanner, TeamMembersPage } from '../pages/team-pages.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { e2eVirtualClockServerUrl } from '../support/e2e-server-url.ts';
import { teamWithMember } from '../support/team-setup.ts';
import { moveToNextMondayMorning } from '../support/virtual-clock.ts';

test.use({ baseURL: e2eVirtualClockServerUrl });

/**
 * Moves the server's virtual clock and the owner's browser clock on together: the member session's
 * expiry is the server's, the banner counts down on the browser's.
 */
async function advance(page: Page, milliseconds: number) {
  const response = await page.request.post('/api/test/clock/advance', { data: { milliseconds } });
  expect(response.ok()).toBe(true);
  await page.clock.fastForward(milliseconds);
}

test('/messaging?p={member} starts and stops a member session; a member session counts down in its last 5 minutes and stops by itself 30 seconds after it expires', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await moveToNextMondayMorning(request);
  const read = await request.get('/api/test/clock');
  await page.clock.install({ time: new Date(clockResponseSchema.parse(await read.json()).now) });
  const owner = await createAccountWithContacts(request, 'session-owner', 0, { plan: 'team' });
  const invitee = await createAccountWithContacts(request, 'session-member', 0);
  const { memberContext } = await teamWithMember(page, browser, owner, invitee);
  await memberContext.close();
  const banner = new ImpersonationBanner(page);

  // /messaging?p={member}: an unknown member clears the parameter; a known one starts a member
  // session there; clearing the parameter stops it (seed 000 §2).
  await page.goto('/messaging?p=00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL(/\/messaging$/);
  await expect(banner.region()).toHaveCount(0);
  await page.goto(`/messaging?p=${invitee.personaId}`);
  await expect(banner.region()).toContainText(invitee.email);
  await expect(page).toHaveURL(new RegExp(`/messaging\\?p=${invitee.personaId}$`));
  await page.getByRole('navigation', { name: 'Section' }).getByRole('link', { name: 'Messaging' }).click();
  await expect(banner.region()).toBeHidden();
  await expect(page).toHaveURL(/\/messaging$/);

  const members = new TeamMembersPage(page);
  await members.open();
  await members.signInAs(invitee.email);
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(banner.region()).toContainText(invitee.email);
  await expect(banner.region().getByRole('timer')).toHaveCount(0);
  // The banner comes with the session, a moment before the member's campaigns screen has rendered.
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await banner.expectAccessible();

  // 30-minute session: 26 minutes on, 4 are left.
  await advance(page, 26 * 60_000);
  await expect(banner.region().getByRole('timer')).toHaveText(/^The session ends in [34] minutes$/);
  await banner.expectAccessible();
  // Less than a minute is left, however long the steps between took (the clock runs on meanwhile).
  await advance(page, 3 * 60_000);
  await expect(banner.region().getByRole('timer')).toHaveText('The session ends in 1 minute');

  // 30 seconds after expiry the session stops itself: back to the owner's members page.
  await advance(page, 80_000);
  await expect(banner.region()).toBeHidden();
  await expect(page).toHaveURL(/\/team\/members$/);
  await expect(members.row(invitee.email)).toBeVisible();
});
