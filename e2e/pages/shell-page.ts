import { expect, type Page } from '@playwright/test';

/** The authorized shell: top navigation, header user menu, side menu, footer. */
export class ShellPage {
  constructor(private readonly page: Page) {}

  topNavigation() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async expectLoaded() {
    await expect(this.topNavigation().getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(this.topNavigation().getByRole('link', { name: 'Contacts' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Help Center' })).toBeVisible();
  }

  async logOut() {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
    await this.page.getByRole('menuitem', { name: 'Log Out' }).click();
  }
}
