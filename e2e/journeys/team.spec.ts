import { expect, test } from '@playwright/test';
import { HostedPaymentPage, testCards, UpgradePage } from '../pages/billing-pages.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import {
  DevMailboxPage,
  ImpersonationBanner,
  TeamMembersPage,
  TeamStatisticsPage,
} from '../pages/team-pages.ts';
import { createOnboardedAccount } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
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

  // Team statistics: every member's campaigns, newest first, sortable, filtered, exported.
  const statistics = new TeamStatisticsPage(page);
  await statistics.open();
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  await expect(statistics.table().getByRole('row').filter({ hasText: 'Maria outreach' })).toContainText(
    `Sales Maria${invitee.email}`,
  );
  await statistics.sortBy('Campaign');
  await expect.poll(() => statistics.names()).toEqual(['Owner outreach', 'Maria outreach']);
  await statistics.sortBy('Campaign');
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  await statistics.filterStatus('draft');
  await statistics.showCampaigns('has contacts in queue');
  await expect(statistics.tags()).toContainText('Status: draft');
  await expect(statistics.tags()).toContainText('Show Campaigns: has contacts in queue');
  await expect(statistics.table()).toContainText('No campaigns found');
  await statistics.filterStatus('paused');
  await statistics.filterStatus('active');
  // Four tags: three shown, then 'Show more'.
  await expect(statistics.tags().getByRole('button', { name: /^Status|^Show Campaigns/ })).toHaveCount(3);
  await statistics.tags().getByRole('button', { name: 'Show more' }).click();
  await expect(statistics.tags().getByText('Show Campaigns: has contacts in queue')).toBeVisible();
  await statistics.tags().getByRole('button', { name: 'Clear all' }).click();
  await expect.poll(() => statistics.names()).toEqual(['Maria outreach', 'Owner outreach']);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/team-statistics-1024.png', fullPage: true });
  const all = await statistics.exportCsv('Export to CSV');
  expect(all).toContain('Maria outreach');
  expect(all).toContain('Owner outreach');
  await statistics.table().getByRole('checkbox', { name: 'Select Owner outreach' }).check();
  const chosen = await statistics.exportCsv('Export 1 selected to CSV');
  expect(chosen).toContain('Owner outreach');
  expect(chosen).not.toContain('Maria outreach');
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

  // Removal ends the member's access at once: their next call answers 403.
  await members.remove(invitee.email);
  await shell.expectNotice('The team member has been deleted');
  await expect(members.row(invitee.email)).toHaveCount(0);
  const refused = memberPage.waitForResponse((response) => response.url().includes('/api/v1/profile'));
  await memberPage.reload();
  expect((await refused).status()).toBe(403);
  await memberContext.close();
});
