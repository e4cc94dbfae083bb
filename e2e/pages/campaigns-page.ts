import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/** The campaign list (/campaigns) and the archive (/archive): table, search, filter, create modal. */
export class CampaignsPage {
  constructor(private readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  table() {
    return this.page.getByRole('table');
  }

  row(name: string) {
    return this.table().getByRole('row').filter({ hasText: name });
  }

  rowAction(name: string, action: string) {
    return this.row(name).getByRole('button', { name: `${action} ${name}` });
  }

  async search(text: string) {
    const box = this.page.getByRole('searchbox', { name: 'Search campaigns' });
    await box.fill(text);
    await box.press('Enter');
  }

  async filterStatus(label: string) {
    await this.page.getByRole('combobox', { name: 'Status' }).click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  /** 'Add campaign', a name typed, Enter: the modal's own submit. */
  async create(name: string) {
    await this.page.getByRole('button', { name: 'Add campaign' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Create campaign' });
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Campaign name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Campaign name' }).press('Enter');
    await expect(dialog).toBeHidden();
  }

  sideMenu() {
    return this.page.getByRole('navigation', { name: 'Section' });
  }

  recentlyCreated() {
    return this.page.getByRole('list', { name: 'Recently created' });
  }

  async confirm(title: string, button = 'Yes') {
    const dialog = this.page.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: button }).click();
    await expect(dialog).toBeHidden();
  }

  /** axe-core on the whole page: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
