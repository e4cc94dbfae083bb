import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/** The authorized shell: top navigation, header user menu, side menu, footer, notices. */
export class ShellPage {
  constructor(private readonly page: Page) {}

  topNavigation() {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  async expectLoaded() {
    await expect(this.topNavigation().getByRole('link', { name: 'Campaigns' })).toBeVisible();
    await expect(this.topNavigation().getByRole('link', { name: 'Contacts' })).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Help Center', exact: true })).toBeVisible();
  }

  async openUserMenu() {
    await this.page.getByRole('button', { name: 'Account menu' }).click();
  }

  performedToday() {
    return this.page.getByRole('group', { name: 'Performed today' });
  }

  async openSidePanel() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Profile and settings' }).click();
  }

  async logOut() {
    await this.openUserMenu();
    await this.page.getByRole('menuitem', { name: 'Log Out' }).click();
  }

  async expectNotice(text: string) {
    await expect(this.notice(text).last()).toBeVisible();
  }

  /** Waits until no notice with the text is on screen, so the next one with it is a new one. */
  async expectNoticeGone(text: string) {
    await expect(this.notice(text)).toHaveCount(0, { timeout: 15_000 });
  }

  private notice(text: string) {
    return this.page.locator('#notistack-snackbar', { hasText: text });
  }

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}
