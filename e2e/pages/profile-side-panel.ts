import { expect, type Page } from '@playwright/test';

/** The side panel (profile and settings) opened from the header menu. */
export class ProfileSidePanel {
  constructor(private readonly page: Page) {}

  async expectOpen() {
    await expect(this.page.getByRole('heading', { name: 'Profile and settings' })).toBeVisible();
  }

  async chooseLimit(label: 'Follows' | 'Invitations' | 'Likes' | 'Messages', value: string) {
    await this.page.getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: value, exact: true }).click();
  }

  limit(label: 'Follows' | 'Invitations' | 'Likes' | 'Messages') {
    return this.page.getByRole('combobox', { name: label });
  }

  async chooseTimezone(label: string) {
    await this.page.getByRole('combobox', { name: 'Timezone' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  timezone() {
    return this.page.getByRole('combobox', { name: 'Timezone' });
  }

  performedRange() {
    return this.page.getByRole('button', { name: 'Performed range' });
  }
}
