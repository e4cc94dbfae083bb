import { expect, test } from '@playwright/test';
import { BillingView, HostedPaymentPage, testCards } from '../pages/billing-pages.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { TeamMembersPage } from '../pages/team-pages.ts';
import { createOnboardedAccount } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { tabTo } from '../support/keyboard.ts';
import { teamWithMember } from '../support/team-setup.ts';

test("the team owner buys a member's plan with a promo code, upgrades, cancels and resumes it; the member sees 'Activated by'; the owner reads it all in the audit log", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await createAccountWithContacts(request, 'plans-owner', 0, { plan: 'team' });
  const invitee = await createOnboardedAccount(request, 'plans-member');
  const { memberPage, memberContext } = await teamWithMember(page, browser, owner, invitee);
  const shell = new ShellPage(page);
  const members = new TeamMembersPage(page);
  const action = (name: string) => page.getByRole('button', { name: `${name} of ${invitee.email}` });

  // Activate: the plan list, the promo code, the button disabled until a plan is chosen.
  await expect(members.row(invitee.email)).toContainText('Trial');
  await action('Activate').click();
  const activate = page.getByRole('dialog', { name: 'Activate subscription' });
  await expect(activate.getByRole('button', { name: 'Activate' })).toBeDisabled();
  await activate.getByRole('radio', { name: /^Basic/ }).check();
  await activate.getByLabel('Promo code').fill('WELCOME10');
  await expectAccessible(page);
  await activate.getByRole('button', { name: 'Activate' }).click();
  await new HostedPaymentPage(page).pay(testCards.success);
  await shell.expectNotice('Your subscription is activated');
  await expect(page).toHaveURL(/\/team\/members$/);
  await expect(members.row(invitee.email)).toContainText('Basic');
  // A plan the team pays for keeps the member in the team until it ends.
  await expect(page.getByRole('button', { name: `Remove ${invitee.email}` })).toHaveCount(0);

  // Upgrade: the member's active plan is not offered; the note names the chosen plan.
  await action('Upgrade').click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade subscription' });
  await expect(upgrade.getByRole('radio', { name: /^Basic/ })).toHaveCount(0);
  await expect(upgrade.getByLabel('Promo code')).toHaveCount(0);
  await upgrade.getByRole('radio', { name: /^Pro/ }).check();
  await expect(upgrade).toContainText(
    'The account will be upgraded to Pro and the difference will be deducted from the next payment',
  );
  await upgrade.getByRole('button', { name: 'Upgrade' }).click();
  await shell.expectNotice('Subscription has been upgraded');
  await expect(members.row(invitee.email)).toContainText('Pro');

  await action('Cancel subscription').click();
  await shell.expectNotice('The subscription has been canceled');
  await expect(members.row(invitee.email)).toContainText('Canceled');
  await action('Resume subscription').click();
  await shell.expectNotice('The subscription has been resumed');
  await expect(action('Cancel subscription')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/team-member-plans-1024.png', fullPage: true });

  // The member: 'Activated by' the owner, and no controls over a plan the team pays for.
  const billing = new BillingView(memberPage);
  await billing.open();
  await expect(billing.line('Activated by')).toContainText(`${owner.name} (${owner.email})`);
  await expect(billing.panel().getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
  await memberContext.close();

  // The owner's audit log, reached and read by keyboard: Tab to the side list's link, Enter.
  await page.getByRole('heading', { level: 1, name: 'Members' }).focus();
  await tabTo(page, 'Audit log', { backwards: true, limit: 30 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log' });
  for (const details of ['resumed pro', 'canceled pro', 'upgraded pro', 'activated basic'])
    await expect(log.getByRole('row').filter({ hasText: details })).toContainText(
      "Member's subscription changed",
    );
  await expect(log.getByRole('row').filter({ hasText: 'Joined the team' })).toContainText(invitee.email);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/team-audit-log-390.png', fullPage: true });
  // On a narrow screen the log scrolls sideways: its box takes the focus and the arrows scroll it.
  await tabTo(page, 'Audit log entries', { limit: 30 });
  const entries = page.getByRole('region', { name: 'Audit log entries' });
  expect(await entries.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  for (let press = 0; press < 5; press += 1) await page.keyboard.press('ArrowRight');
  await expect.poll(() => entries.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
});
