import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expectGridSettled } from './contacts-grid.ts';
import { ContactsPage } from './contacts-page.ts';

/**
 * /campaigns/{id}/contacts: the contacts grid (its rows, menus and search are ContactsPage's),
 * the launch prompt, the step indicators, Exclude and the 'Add more contacts' modal.
 */
export class CampaignContactsPage {
  readonly grid: ContactsPage;

  constructor(private readonly page: Page) {
    this.grid = new ContactsPage(page);
  }

  launchPrompt() {
    return this.page.getByRole('region', { name: 'Launch' });
  }

  /** The Status cell of a row: its step indicators ('1. Connect: In queue') and the label. */
  status(name: string) {
    return this.grid.row(name).locator('td[data-col-id="status"]');
  }

  /** The indicators of a row's steps, each with its state in data-state. */
  stepIndicators(name: string) {
    return this.status(name).getByRole('listitem');
  }

  action(name: 'Exclude' | 'Export Contacts' | 'Export Interaction Log') {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The list's own 'Add more contacts' (the launch prompt has one too). */
  addMoreContacts() {
    return this.page
      .getByRole('toolbar', { name: 'Contacts list' })
      .getByRole('button', { name: 'Add more contacts' });
  }

  selectionBar() {
    return this.page.getByTestId('selection-bar');
  }

  addContactsDialog() {
    return this.page.getByRole('dialog', { name: 'Add more contacts' });
  }

  /** In the modal: ticks every contact on its page and adds them through the preview. */
  async addAllShownContacts() {
    const dialog = this.addContactsDialog();
    await expectGridSettled(dialog.getByTestId('contacts-grid'));
    await dialog.getByTestId('contacts-grid').getByRole('columnheader').first().getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Add to campaign' }).click();
    const preview = this.page.getByRole('dialog', { name: 'Add contacts to campaign' });
    await preview.getByRole('button', { name: /^(Confirm|Yes)$/ }).click();
    await expect(dialog).toBeHidden();
  }

  /** Opens the filter panel, picks each choice of a multi-select (State, Status) and applies. */
  async filterBy(label: 'State' | 'Status', choices: string[]) {
    await this.grid.openFilters();
    for (const choice of choices) {
      await this.grid.filterPanel().getByRole('combobox', { name: label }).click();
      await this.page.getByRole('option', { name: choice, exact: true }).click();
    }
    await this.grid.applyFilters();
  }

  /** Removes an applied filter by its tag ('State: Cancelled'). */
  async removeFilterTag(label: string) {
    const tag = this.grid.filterTags().getByRole('button', { name: label });
    await tag.focus();
    await this.page.keyboard.press('Backspace');
    await expect(tag).toBeHidden();
  }

  /** The column's header cell, by the column's id. */
  columnHeader(colId: string) {
    return this.page.getByTestId('contacts-grid').locator(`th[data-col-id="${colId}"]`);
  }

  /** 'Columns' then 'Rename columns': gives the column now titled `from` the title `to`. */
  async renameColumn(from: string, to: string) {
    await this.page.getByRole('button', { name: 'Columns' }).click();
    await this.page.getByRole('menuitem', { name: 'Rename columns' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Rename columns' });
    await dialog.getByRole('textbox', { name: from }).fill(to);
    await dialog.getByRole('textbox', { name: from }).press('Enter');
    await expect(dialog).toBeHidden();
  }

  excludeDialog() {
    return this.page.getByRole('dialog', { name: 'Exclude contacts' });
  }

  async answer(dialog: Locator, button: string) {
    await dialog.getByRole('button', { name: button, exact: true }).click();
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
