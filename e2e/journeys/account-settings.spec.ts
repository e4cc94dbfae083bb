import { expect, test } from '@playwright/test';
import { AccountPage } from '../pages/account-page.ts';
import { ProfileSidePanel } from '../pages/profile-side-panel.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createOnboardedAccount } from '../support/accounts.ts';
import { signInAt } from '../support/sign-in.ts';

test('an onboarded account edits its working hours on /account', async ({ page, request }) => {
  const account = await createOnboardedAccount(request, 'hours');
  await signInAt(page, '/account', account);
  const accountPage = new AccountPage(page);
  await expect(page).toHaveURL(/\/account$/);

  await accountPage.openTab('Automation Mode');
  await expect(page.getByTestId('automation-mode')).toContainText(/Automation runs/);
  await accountPage.expectAccessible();

  await accountPage.openTab('Working Hours');
  await expect(page.getByText('You can work up to 12 hours a day.')).toBeVisible();
  await accountPage.expectSchedule('Monday', '09:00-19:00');
  await accountPage.expectSchedule('Saturday', '—');
  await accountPage.expectAccessible();

  await accountPage.button('Edit').click();
  await accountPage.editor.setRange('Monday', '10:00-18:00');
  await accountPage.editor.day('Saturday').check();
  await accountPage.expectAccessible();
  await accountPage.button('Cancel').click();
  await accountPage.expectSchedule('Monday', '09:00-19:00');
  await accountPage.expectSchedule('Saturday', '—');

  await accountPage.button('Edit').click();
  await accountPage.editor.setRange('Monday', '10:00-18:00');
  await accountPage.editor.setRange('Tuesday', '');
  await expect(accountPage.button('Apply')).toBeDisabled();
  await accountPage.editor.setRange('Tuesday', '09:00-19:00');
  await accountPage.button('Apply').click();
  await new ShellPage(page).expectNotice('Working hours are changed');
  await accountPage.expectSchedule('Monday', '10:00-18:00');

  await page.reload();
  await accountPage.openTab('Working Hours');
  await accountPage.expectSchedule('Monday', '10:00-18:00');
  await accountPage.expectSchedule('Tuesday', '09:00-19:00');
  await accountPage.openTab('Subscription Billing');
  await accountPage.expectAccessible();
});

test('an onboarded account sees what it performed and changes daily limits and timezone', async ({
  page,
  request,
}) => {
  const account = await createOnboardedAccount(request, 'limits');
  await signInAt(page, '/campaigns', account);
  const shell = new ShellPage(page);

  await shell.openUserMenu();
  const performed = shell.performedToday();
  await expect(performed).toBeVisible();
  for (const label of ['Invitations', 'Messages', 'Likes', 'Follows']) {
    await expect(performed.getByTestId(`figure-${label}`)).toContainText(/\d+ \/ (\d+|~)/);
  }
  await page.keyboard.press('Escape');

  await shell.openSidePanel();
  const panel = new ProfileSidePanel(page);
  await panel.expectOpen();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(panel.performedRange()).toBeVisible();
  await shell.expectAccessible();

  await panel.chooseLimit('Invitations', '40');
  await shell.expectNotice('Daily limits is changed');
  await expect(panel.limit('Invitations')).toHaveText('40');

  await panel.chooseTimezone('GMT+03:00');
  await shell.expectNotice('Time zone is changed');
  await expect(panel.timezone()).toHaveText('GMT+03:00');

  // Both survive a reload.
  await page.reload();
  await shell.openSidePanel();
  await expect(panel.limit('Invitations')).toHaveText('40');
  await expect(panel.timezone()).toHaveText('GMT+03:00');
});
