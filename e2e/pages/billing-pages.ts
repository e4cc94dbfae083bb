import { expect, type Page } from '@playwright/test';
import { AccountPage } from './account-page.ts';

/** The sandbox payment provider's test cards (apps/server/src/sandbox-payments/test-cards.ts). */
export const testCards = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  renewalDeclined: '4000 0000 0000 0341',
} as const;

/** /upgrade: the plan cards, the confirmation of a plan change. */
export class UpgradePage {
  constructor(private readonly page: Page) {}

  async expectLoaded() {
    await expect(
      this.page.getByRole('heading', { name: 'Choose subscription plan', level: 1 }),
    ).toBeVisible();
  }

  card(name: 'Basic' | 'Pro' | 'Team') {
    return this.page
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async choose(name: 'Basic' | 'Pro' | 'Team') {
    await this.card(name)
      .getByRole('button', { name: /Upgrade subscription/ })
      .click();
  }

  async expectCurrent(name: 'Basic' | 'Pro' | 'Team') {
    await expect(this.card(name).getByRole('button', { name: 'Current plan' })).toBeDisabled();
  }

  async confirm(title: 'Upgrade subscription' | 'Downgrade subscription') {
    const dialog = this.page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The provider's hosted checkout and management pages (the sandbox provider's). */
export class HostedPaymentPage {
  constructor(private readonly page: Page) {}

  async fillCard(number: string) {
    await this.page.getByLabel('Card number').fill(number);
    await this.page.getByLabel('Expiry (MM / YY)').fill('12 / 40');
    await this.page.getByLabel('CVC').fill('123');
  }

  async pay(number: string) {
    await expect(this.page.getByRole('heading', { name: /Subscribe to/ })).toBeVisible();
    await this.fillCard(number);
    await this.page.getByRole('button', { name: 'Pay and subscribe' }).click();
  }

  async expectError(text: string) {
    await expect(this.page.getByRole('alert')).toHaveText(text);
  }
}

/** Account > Subscription Billing. */
export class BillingView {
  constructor(private readonly page: Page) {}

  async open() {
    const account = new AccountPage(this.page);
    await account.open();
    await account.openTab('Subscription Billing');
    await expect(this.page.getByRole('heading', { name: 'Subscription Billing' })).toBeVisible();
  }

  panel() {
    return this.page.getByRole('tabpanel');
  }

  line(label: string) {
    return this.panel()
      .locator('dl > div')
      .filter({ has: this.page.locator('dt', { hasText: label }) });
  }

  button(name: string) {
    return this.panel().getByRole('button', { name, exact: true });
  }
}
