import { expect, type Page, test } from '@playwright/test';
import { AccountPage } from '../pages/account-page.ts';
import { BillingView, HostedPaymentPage, testCards, UpgradePage } from '../pages/billing-pages.ts';
import { ContactsImportWizard } from '../pages/contacts-import-wizard.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createOnboardedAccount, type E2eAccount } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { e2eVirtualClockServerUrl } from '../support/e2e-server-url.ts';
import { tabTo } from '../support/keyboard.ts';
import { seedCampaign } from '../support/seed-campaign.ts';
import { signInAt } from '../support/sign-in.ts';

const widget = (page: Page) => page.getByRole('banner').getByRole('link', { name: /Trial|Subscription is/ });

/** The import wizard's Sales Navigator card (a radio) and its 'Update to Pro' link, on /contacts. */
async function salesNavigatorCard(page: Page) {
  await page.goto('/contacts');
  await new ContactsPage(page).openImportWizard();
  const wizard = new ContactsImportWizard(page);
  const card = wizard.dialog().getByRole('radio', { name: 'Sales Navigator search' });
  await expect(card).toBeVisible();
  return { card, upsell: wizard.dialog().getByRole('link', { name: 'Update to Pro' }) };
}

test('a new account counts its trial down, a declined card changes nothing, Pro bought with a test card unlocks Sales Navigator, then cancel, resume and upgrade', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createOnboardedAccount(request, 'billing');
  await signInAt(page, '/campaigns', account);
  const shell = new ShellPage(page);
  await expect(widget(page)).toHaveText('Trial will expire in 14 days');
  const trial = await salesNavigatorCard(page);
  await expect(trial.upsell).toBeVisible();
  await expect(trial.card).toBeDisabled();
  await page.keyboard.press('Escape');

  // Cloud automation is Pro's: the trial's switch is off and disabled, with the way to upgrade.
  const accountPage = new AccountPage(page);
  await accountPage.open();
  const cloudSwitch = page.getByRole('tabpanel').getByRole('switch', { name: 'Run in the cloud' });
  await expect(cloudSwitch).toBeDisabled();
  await expect(page.getByRole('tabpanel')).toContainText('Upgrade your plan to Pro');

  const billing = new BillingView(page);
  await billing.open();
  await expect(billing.line('Plan')).toContainText('Trial');
  await expect(billing.line('Status')).toContainText('Active');
  await expect(billing.button('Cancel subscription')).toHaveCount(0);

  // The widget leads to the plan picker.
  await widget(page).click();
  const upgrade = new UpgradePage(page);
  await upgrade.expectLoaded();
  await expect(upgrade.card('Basic')).toContainText('38$ per month');
  await expect(upgrade.card('Pro')).toContainText('59$ per month');
  await expect(upgrade.card('Team')).toContainText('75$ per month');
  await expect(page.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/upgrade-1024.png', fullPage: true });

  // A declined card: the checkout says so; back in the app nothing changed.
  await upgrade.choose('Pro');
  await expect(page).toHaveURL(/\/sandbox-payments\/pay\/cs_/);
  const checkout = new HostedPaymentPage(page);
  await checkout.pay(testCards.declined);
  await checkout.expectError('Your card was declined.');
  await page.getByRole('link', { name: 'Cancel and return' }).click();
  await upgrade.expectLoaded();
  await expect(widget(page)).toHaveText('Trial will expire in 14 days');

  // A card that pays: back on /upgrade the order is synchronised.
  await upgrade.choose('Pro');
  await checkout.pay(testCards.success);
  await shell.expectNotice('Your subscription is activated');
  await expect(page).toHaveURL(/\/upgrade$/);
  await upgrade.expectCurrent('Pro');
  await expect(widget(page)).toHaveText('Subscription is active');
  const pro = await salesNavigatorCard(page);
  await expect(pro.upsell).toHaveCount(0);
  // Unlocked: the card can be chosen (the in-page agent is signed in to the sandbox network).
  await pro.card.click();
  await expect(pro.card).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Escape');

  // Pro runs in the cloud on a switch (the sandbox network: no session to hand over), and back,
  // by keyboard: Tab from the tab to the switch, Space. The switch follows the server's answer (it
  // is not checked until the server agreed) and keeps the focus meanwhile.
  await accountPage.open();
  // The switch shows once the mode is known: a person tabs to what is on screen (the screen now
  // paints before the mode's answer comes, and a Tab pressed meanwhile went past the empty panel).
  await expect(cloudSwitch).toBeVisible();
  await page.getByRole('tab', { name: 'Automation Mode' }).focus();
  await tabTo(page, 'Run in the cloud', { limit: 6 });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('automation-mode')).toContainText('Automation runs in the cloud');
  await expect(cloudSwitch).toBeChecked();
  await expect(cloudSwitch).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/screens/automation-mode-cloud-1024.png', fullPage: true });
  await page.keyboard.press('Space');
  await expect(page.getByTestId('automation-mode')).toContainText('Automation runs locally in your browser');
  await expect(cloudSwitch).not.toBeChecked();
  await expect(cloudSwitch).toBeFocused();

  await billing.open();
  await expect(billing.line('Plan')).toContainText('Pro');
  await expect(billing.line('Next charge')).toBeVisible();
  await expect(billing.line('Price')).toContainText('59$ per month');
  await expect(billing.panel().getByRole('table', { name: 'Invoices' }).getByRole('row')).toHaveCount(2);
  await expectAccessible(page);

  await billing.button('Cancel subscription').click();
  await shell.expectNotice('The subscription has been canceled');
  await expect(billing.line('Status')).toContainText('Canceled');
  await expect(billing.line('Next charge')).toHaveCount(0);
  await expect(billing.line('Expires')).toBeVisible();
  await billing.button('Resume subscription').click();
  await shell.expectNotice('The subscription has been resumed');
  await expect(billing.line('Next charge')).toBeVisible();

  // An active paid user confirms a plan change; Team costs more than Pro, so it is an upgrade.
  await page.getByRole('link', { name: 'Upgrade subscription' }).click();
  await upgrade.expectLoaded();
  await upgrade.choose('Team');
  await upgrade.confirm('Upgrade subscription');
  await shell.expectNotice('Subscription has been upgraded');
  await upgrade.expectCurrent('Team');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/upgrade-390.png', fullPage: true });
  await billing.open();
  await expect(billing.line('Price')).toContainText('75$ per month');
  await page.screenshot({ path: 'test-results/screens/billing-390.png', fullPage: true });
});

test.describe('on the virtual clock', () => {
  test.use({ baseURL: e2eVirtualClockServerUrl });

  const advanceHours = async (page: Page, hours: number) => {
    const response = await page.request.post('/api/test/clock/advance', {
      data: { milliseconds: hours * 3_600_000 },
    });
    expect(response.ok()).toBe(true);
  };
  const advanceDays = (page: Page, days: number) => advanceHours(page, days * 24);

  /** Run on a paused campaign is a gated call: without an active subscription it is refused with the notice. */
  const expectRunRefusedAsExpired = async (page: Page, campaignId: string) => {
    await page.goto(`/campaigns/${campaignId}`);
    await page.getByRole('button', { name: 'Run' }).click();
    await new ShellPage(page).expectNotice('Subscription is expired');
  };

  /** A month on, the refresh token (30 days) has run out: the user comes back and signs in again. */
  const comeBackAfterAMonth = async (page: Page, account: E2eAccount) => {
    await advanceDays(page, 32);
    await page.goto('/account');
    await new OnboardingPage(page).startSignIn();
    const idpForm = page.getByLabel('E-mail');
    await expect(idpForm.or(new ShellPage(page).topNavigation())).toBeVisible();
    if (await idpForm.isVisible())
      await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
    await new ShellPage(page).expectLoaded();
  };

  test("the trial counts down on the server's clock, in days then hours, and once over a gated call says 'Subscription is expired'; the data stays", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Three contacts of its own, and a paused campaign with an audience of two more.
    const account = await createAccountWithContacts(request, 'trial-countdown', 3);
    const campaignId = await seedCampaign(request, {
      personaId: account.personaId,
      name: 'Trial outreach',
      state: 'Stopped',
      audience: 2,
    });
    await signInAt(page, '/campaigns', account);
    await expect(widget(page)).toHaveText('Trial will expire in 14 days');

    // 13 days and 21 hours on (the access token long expired, the refresh token not): hours now.
    await advanceHours(page, 13 * 24 + 21);
    await page.reload();
    await expect(widget(page)).toHaveText('Trial will expire in 3 hours');
    await advanceHours(page, 2);
    await page.reload();
    await expect(widget(page)).toHaveText('Trial will expire in 1 hour');

    // Over: the widget says so, a gated call is refused with the notice, and nothing was taken away.
    await advanceHours(page, 2);
    await page.reload();
    await expect(widget(page)).toHaveText('Trial period is expired');
    await expectRunRefusedAsExpired(page, campaignId);
    await page.goto('/contacts');
    await new ContactsPage(page).expectRowCount(5);
    const billing = new BillingView(page);
    await billing.open();
    await expect(billing.line('Plan')).toContainText('Trial');
    await expect(billing.line('Status')).toContainText('Inactive');
    // Opened afresh at each width, and pictured once the tabs' underline has stopped moving.
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await billing.open();
      await expect
        .poll(() =>
          page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
        )
        .toBe(0);
      await page.screenshot({
        path: `test-results/screens/trial-expired-billing-${width}.png`,
        fullPage: true,
      });
    }
  });

  test('a scheduled renewal charges the saved card a month on: still active, the next charge a month later, one more invoice', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createOnboardedAccount(request, 'renewal-paid');
    await signInAt(page, '/upgrade', account);
    const upgrade = new UpgradePage(page);
    await upgrade.choose('Basic');
    await new HostedPaymentPage(page).pay(testCards.success);
    await new ShellPage(page).expectNotice('Your subscription is activated');
    const billing = new BillingView(page);
    const invoices = billing.panel().getByRole('table', { name: 'Invoices' }).getByRole('row');
    await billing.open();
    await expect(invoices).toHaveCount(2);
    const firstCharge = (await billing.line('Next charge').textContent()) ?? '';
    expect(firstCharge).not.toBe('');

    await comeBackAfterAMonth(page, account);
    // The provider charges the saved card when the period ends; its invoice reaches the app by webhook.
    await expect(async () => {
      await billing.open();
      await expect(invoices).toHaveCount(3, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(billing.line('Status')).toContainText('Active');
    await expect(billing.line('Next charge')).toBeVisible();
    await expect(billing.line('Next charge')).not.toHaveText(firstCharge);
    await expect(widget(page)).toHaveText('Subscription is active');
  });

  test("a renewal that fails leaves the subscription overdue and a gated call 'Subscription is expired'; a new card renews it", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createAccountWithContacts(request, 'renewal', 0);
    const campaignId = await seedCampaign(request, {
      personaId: account.personaId,
      name: 'Spring outreach',
      state: 'Stopped',
      audience: 2,
    });
    await signInAt(page, '/upgrade', account);
    const upgrade = new UpgradePage(page);
    await upgrade.choose('Basic');
    await new HostedPaymentPage(page).pay(testCards.renewalDeclined);
    const shell = new ShellPage(page);
    await shell.expectNotice('Your subscription is activated');
    await upgrade.expectCurrent('Basic');

    // A month later the period has ended.
    await comeBackAfterAMonth(page, account);
    const billing = new BillingView(page);
    await expect(async () => {
      await billing.open();
      await expect(billing.line('Status')).toContainText('Overdue', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(billing.line('Status')).toContainText('Inactive');
    await expect(widget(page)).toHaveText('Subscription is inactive');

    await expectRunRefusedAsExpired(page, campaignId);

    // A new card on the provider's management page pays the open invoice and renews the plan.
    await billing.open();
    const popup = page.context().waitForEvent('page');
    await billing.button('Manage payment methods').click();
    const management = await popup;
    await expect(management.getByRole('heading', { name: 'Manage payment methods' })).toBeVisible();
    await new HostedPaymentPage(management).fillCard(testCards.success);
    await management.getByRole('button', { name: 'Save card' }).click();
    await expect(management.getByRole('status')).toHaveText('Your card has been updated.');
    await management.close();
    await expect(async () => {
      await billing.open();
      await expect(billing.line('Status')).toContainText('Active', { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(billing.line('Next charge')).toBeVisible();
    await expect(billing.panel().getByRole('table', { name: 'Invoices' }).getByRole('row')).toHaveCount(3);
  });
});
