import { expect, type Page } from '@playwright/test';

/** The campaign detail (/campaigns/{id}): title, information list, statistics, steps, actions. */
export class CampaignDetailPage {
  constructor(private readonly page: Page) {}

  nameField() {
    return this.page.getByRole('textbox', { name: 'Campaign name' });
  }

  action(name: 'Run' | 'Stop' | 'Complete' | 'Clone' | 'Archive' | 'Unarchive') {
    return this.page
      .getByRole('toolbar', { name: 'Campaign actions' })
      .getByRole('button', { name, exact: true });
  }

  status() {
    return this.page.locator('dt', { hasText: 'Status' }).locator('+ dd');
  }

  contactsCount() {
    return this.page.locator('dt', { hasText: 'Contacts' }).locator('+ dd');
  }

  steps() {
    return this.page.getByRole('list', { name: 'Steps' });
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async answer(title: string, button: string) {
    await this.dialog(title).getByRole('button', { name: button }).click();
    await expect(this.dialog(title)).toBeHidden();
  }
}
