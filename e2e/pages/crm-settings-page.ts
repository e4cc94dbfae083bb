import { expect, type Page } from '@playwright/test';

/** /campaigns/{id}/hubspot: Source (several values) and Sub Source (one, clearable). */
export class CrmSettingsPage {
  constructor(private readonly page: Page) {}

  source() {
    return this.page.getByRole('combobox', { name: 'Source', exact: true });
  }

  subSource() {
    return this.page.getByRole('combobox', { name: 'Sub Source' });
  }

  /** The chosen Source values, as chips. */
  chosenSources() {
    return this.page.locator('.MuiAutocomplete-tag');
  }

  async choose(field: 'Source' | 'Sub Source', option: string) {
    await (field === 'Source' ? this.source() : this.subSource()).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
    await expect(this.page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  }
}
