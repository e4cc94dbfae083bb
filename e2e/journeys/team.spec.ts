import { expect, test } from '@playwright/test';
import { HostedPaymentPage, testCards, UpgradePage } from '../pages/billing-pages.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import {
  DevMailboxPage,
  ImpersonationBanner,
  TeamMembersPage,
  TeamStatisticsPage,
} from '../pages/team-pages.ts';
import { createOnboardedAccount } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { expectEveryControlReached, focusedName, tabTo } from '../support/keyboard.ts';
import { signIn } from '../support/team-setup.ts';

test('a Team owner invites by e-mail, the invitee joins from the mailed link, is renamed, worked as with the banner, then removed and loses access', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await createOnboardedAccount(request, 'team-owner');
  const invitee = await createOnboardedAccount(request, 'team-member');
  const shell = new ShellPage(page);
  const members = new TeamMembersPage(page);

  // Without the Team plan the team area asks for it.
  await page.goto('/team/members');
  await signIn(page, owner);
  await shell.expectLoaded();
  await expect(page.getByRole('heading', { name: 'Upgrade your subscription to TEAM plan' })).toBeVisible();
  await page.getByRole('link', { name: 'Upgrade now' }).click();
  const upgrade = new UpgradePage(page);
  await upgrade.choose('Team');
  await new HostedPaymentPage(page).pay(testCards.success);
  await shell.expectNotice('Your subscription is activated');

  // With it: 'Welcome to teams', then the invite.
  await page.goto('/team/members');
  await expect(page.getByRole('heading', { name: 'Welcome to teams' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite new member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite new member' });
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Invite member' }).click();
  await shell.expectNotice('Invitation has been sent. Await for confirmation.');
  await members.open();
  await expect(members.row(invitee.email)).toContainText('Pending');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/team-members-1024.png', fullPage: true });

  // The invitee reads the e-mail in the outbox and accepts in their own browser.
  const link = await new DevMailboxPage(page).invitationLinkFor(invitee.email);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link);
  await signIn(memberPage, invitee);
  await expect(memberPage.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await expect(memberPage.getByText('You joined the team')).toBeVisible();
  // The code works once.
  await memberPage.goto(link);
  await expect(memberPage.getByRole('heading', { name: 'Oooopss...' })).toBeVisible();
  await expect(memberPage.getByRole('alert')).toHaveText('The invitation has already been used');
  await memberPage.getByRole('link', { name: 'Go home!' }).click();
  await new ShellPage(memberPage).expectLoaded();
  // Each has a campaign: the member's is the newer.
  await page.goto('/campaigns');
  await new CampaignsPage(page).create('Owner outreach');
  await memberPage.goto('/campaigns');
  await new CampaignsPage(memberPage).create('Maria outreach');

  // The owner sees the member, renames them, and works as them.
  await members.open();
  await expect(members.row(invitee.email)).toContainText('Active');
  await members.rename(invitee.email, 'Sales Maria');
  await shell.expectNotice('Contact name is changed');
  await expect(members.row(invitee.email)).toContainText('Sales Maria');

  // Team statistics: every member's campaigns, newest first, sortable, filtered, exported, all by
  // keyboard alone (no click, no fill from here to the export).
  const statistics = new TeamStatisticsPage(page);
  await statistics.open();
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  await expect(statistics.table().getByRole('row').filter({ hasText: 'Maria outreach' })).toContainText(
    `Sales Maria${invitee.email}`,
  );
  await expectEveryControlReached(page, page.getByRole('main'));
  const statusFilter = page.getByRole('combobox', { name: 'Status' });
  // Sort: Enter on the column's title, twice for the other direction.
  await statusFilter.focus();
  await tabTo(page, 'Campaign', { limit: 4 });
  await page.keyboard.press('Enter');
  await expect.poll(() => statistics.names()).toEqual(['Owner outreach', 'Maria outreach']);
  await page.keyboard.press('Enter');
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  // The status filter (several at once): arrows open it, Enter picks, Escape closes it.
  await tabTo(page, 'Status', { backwards: true, limit: 4 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'draft' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(statusFilter).toBeFocused();
  // 'Show Campaigns': one choice, Enter picks it and closes.
  await tabTo(page, 'Show Campaigns', { limit: 2 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'all' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(statistics.tags()).toContainText('Status: draft');
  await expect(statistics.tags()).toContainText('Show Campaigns: has contacts in queue');
  await expect(statistics.table()).toContainText('No campaigns found');
  await tabTo(page, 'Status', { backwards: true, limit: 2 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'draft' })).toBeFocused();
  for (const status of ['paused', 'active']) {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: status })).toBeFocused();
    await page.keyboard.press('Enter');
  }
  await page.keyboard.press('Escape');
  // Four tags: three shown, then 'Show more'.
  await expect(statistics.tags().getByRole('button', { name: /^Status|^Show Campaigns/ })).toHaveCount(3);
  await tabTo(page, 'Show more', { limit: 6 });
  await page.keyboard.press('Enter');
  await expect(statistics.tags().getByText('Show Campaigns: has contacts in queue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show less' })).toBeFocused();
  // A tag goes with Backspace; the focus moves to the tag that took its place.
  await tabTo(page, 'Status: draft', { backwards: true, limit: 6 });
  await page.keyboard.press('Backspace');
  await expect(statistics.tags()).not.toContainText('Status: draft');
  expect(await focusedName(page)).toBe('Status: paused');
  // 'Clear all' takes every tag away; the focus goes back to the Status filter.
  await tabTo(page, 'Clear all', { limit: 6 });
  await page.keyboard.press('Enter');
  await expect(statistics.tags()).toHaveCount(0);
  await expect(statusFilter).toBeFocused();
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/team-statistics-1024.png', fullPage: true });
  // Export: all rows, then a row chosen with Space; 'Clear' hands the focus back to the export.
  await tabTo(page, 'Export to CSV', { backwards: true, limit: 2 });
  const all = await statistics.exportCsvByKeyboard();
  expect(all).toContain('Maria outreach');
  expect(all).toContain('Owner outreach');
  await tabTo(page, 'Select Owner outreach', { limit: 16 });
  await page.keyboard.press('Space');
  await expect(statistics.table().getByRole('checkbox', { name: 'Select Owner outreach' })).toBeChecked();
  await tabTo(page, 'Export 1 selected to CSV', { backwards: true, limit: 20 });
  const chosen = await statistics.exportCsvByKeyboard();
  expect(chosen).toContain('Owner outreach');
  expect(chosen).not.toContain('Maria outreach');
  await tabTo(page, 'Clear', { limit: 4 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Export to CSV' })).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/team-statistics-390.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await members.open();
  await members.signInAs(invitee.email);
  await expect(page).toHaveURL(/\/campaigns$/);
  const banner = new ImpersonationBanner(page);
  await expect(banner.region()).toContainText(invitee.email);
  await expect(banner.region().getByRole('button', { name: 'Stop session' })).toBeVisible();
  await members.open();
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/team-member-session-390.png', fullPage: true });
  await page.setViewportSize({ width: 1024, height: 768 });
  await banner.stop();
  await expect(page).toHaveURL(/\/team\/members$/);
  await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();

  // Removal ends the member's access at once: no call made with their token is answered any more,
  // and their app, reloaded, is back at the sign-in step. Which call meets the 403 first varies: the
  // profile call after the reload, or the agent's own sync if it ran between the removal and the
  // reload (the agent then signs out and the reloaded app makes no profile call at all).
  const memberAnswers: number[] = [];
  memberPage.on('response', (response) => {
    if (response.request().headers().authorization) memberAnswers.push(response.status());
  });
  await members.remove(invitee.email);
  await shell.expectNotice('The team member has been deleted');
  await expect(members.row(invitee.email)).toHaveCount(0);
  await memberPage.reload();
  await new OnboardingPage(memberPage).expectSignInStep();
  expect(memberAnswers.filter((status) => status < 400)).toEqual([]);
  await memberContext.close();
});
