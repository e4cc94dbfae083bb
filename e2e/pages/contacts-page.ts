import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { expectGridSettled } from './contacts-grid.ts';

/** The contacts screens: /contacts and /contacts/import/{id} with the grid, filters and actions. */
export class ContactsPage {
  constructor(private readonly page: Page) {}

  async goto(path = '/contacts') {
    await this.page.goto(path);
  }

  heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  total() {
    return this.page.getByTestId('contacts-total');
  }

  grid() {
    return this.page.getByTestId('contacts-grid');
  }

  /** The total, and the rows of the same answer. */
  async expectTotal(text: string) {
    await expect(this.total()).toHaveText(text);
    await expectGridSettled(this.grid());
  }

  /** The grid's data rows (the header row has no cells, only column headers). */
  rows() {
    return this.page
      .getByTestId('contacts-grid')
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell') });
  }

  row(name: string) {
    return this.rows().filter({ hasText: name });
  }

  async expectRowCount(count: number) {
    await expect(this.rows()).toHaveCount(count);
  }

  async tickRow(index: number) {
    await this.rows().nth(index).getByRole('checkbox').check();
  }

  /** The header checkbox: every row of the shown page. */
  pageCheckbox() {
    return this.page.getByTestId('contacts-grid').getByRole('columnheader').first().getByRole('checkbox');
  }

  async tickPage() {
    await this.pageCheckbox().check();
  }

  /** The pinned action column's button that opens a row's dropdown menu. */
  rowMenuButton(name: string) {
    return this.page.getByRole('button', { name: `Actions for ${name}`, exact: true });
  }

  /** Opens a row's dropdown: the row actions and 'Participate in campaigns'. */
  async openRowMenu(name: string): Promise<Locator> {
    await this.rowMenuButton(name).click();
    const menu = this.page.getByRole('menu');
    await expect(menu).toBeVisible();
    return menu;
  }

  /** An item of an open row menu by its label (the second line, a reason or a campaign, follows it). */
  rowMenuItem(menu: Locator, label: string) {
    return menu.getByRole('menuitem', { name: new RegExp(`^${label}`) });
  }

  /** Show details of a row: the contact's campaigns. */
  detailsDialog(name: string) {
    return this.page.getByRole('dialog', { name: `Campaigns of ${name}` });
  }

  completeDialog() {
    return this.page.getByRole('dialog', { name: 'Complete contact' });
  }

  excludeDialog() {
    return this.page.getByRole('dialog', { name: 'Exclude contacts' });
  }

  async closeRowMenu() {
    await this.page.keyboard.press('Escape');
    // Gone, not only hidden: a menu still closing covers the page, and a click on the next button
    // then waits while Playwright scrolls the page to find it a free spot (the page moved under a
    // menu measured before the click).
    await expect(this.page.getByRole('menu', { includeHidden: true })).toHaveCount(0);
  }

  async rowNames(): Promise<string[]> {
    await expectGridSettled(this.grid());
    return this.grid().locator('td[data-col-id="full_name"] p').allTextContents();
  }

  /** A column's texts in the order the rows are shown. */
  async shownColumn(colId: string): Promise<string[]> {
    await expectGridSettled(this.grid());
    return this.grid().locator(`td[data-col-id="${colId}"]`).allTextContents();
  }

  /** Clicks a column's header: ascending, then descending, then the default order. */
  async sortBy(header: string) {
    await this.page.getByRole('columnheader', { name: header }).getByRole('button', { name: header }).click();
  }

  /** Ticks or unticks a column in the Columns menu. */
  async toggleColumn(title: string) {
    await this.page.getByRole('button', { name: 'Columns' }).click();
    await this.page.getByRole('menuitemcheckbox', { name: title }).click();
    await this.page.keyboard.press('Escape');
  }

  async search(text: string) {
    const box = this.page.getByRole('searchbox', { name: 'Search contacts' });
    await box.fill(text);
    await box.press('Enter');
  }

  async choosePageSize(size: number) {
    await this.page.getByRole('combobox', { name: 'Items per page' }).click();
    await this.page.getByRole('option', { name: `Show ${size} items` }).click();
  }

  pageSize() {
    return this.page.getByRole('combobox', { name: 'Items per page' });
  }

  async goToPage(page: number) {
    await this.page.getByRole('button', { name: `Go to page ${page}` }).click();
  }

  filterPanel(): Locator {
    return this.page.getByRole('form', { name: 'Filters' });
  }

  async openFilters() {
    await this.page.getByRole('button', { name: 'Filters' }).click();
    await expect(this.filterPanel()).toBeVisible();
  }

  async applyFilters() {
    await this.filterPanel().getByRole('button', { name: 'Apply' }).click();
    await expect(this.filterPanel()).toBeHidden();
  }

  filterTags() {
    return this.page.getByLabel('Applied filters');
  }

  selectionBar() {
    return this.page.getByTestId('selection-bar');
  }

  action(name: 'Export to CSV' | 'Add to campaign' | 'Create campaign' | 'Delete') {
    return this.page.getByRole('button', { name, exact: true });
  }

  deleteDialog() {
    return this.page.getByRole('dialog', { name: 'Delete contacts' });
  }

  chooseCampaignDialog() {
    return this.page.getByRole('dialog', { name: 'Add to campaign' });
  }

  createCampaignDialog() {
    return this.page.getByRole('dialog', { name: 'Create campaign' });
  }

  /** The target audience preview after a campaign is chosen or created. */
  audiencePreviewDialog() {
    return this.page.getByRole('dialog', { name: 'Add contacts to campaign' });
  }

  async openImportWizard() {
    await this.page.getByRole('button', { name: 'Add contacts' }).click();
  }

  recentImports() {
    return this.page.getByRole('list', { name: 'Recently imported' });
  }

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}
