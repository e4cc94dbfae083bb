import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/** The 'Import Contacts' wizard dialog. */
export class ContactsImportWizard {
  constructor(private readonly page: Page) {}

  dialog() {
    return this.page.getByRole('dialog', { name: /Import Contacts/ });
  }

  async expectStep(step: number) {
    await expect(this.dialog().getByText(`Step ${step} / 3`)).toBeVisible();
  }

  async chooseSource(title: string) {
    await this.dialog().getByRole('radio', { name: title }).click();
    await this.next();
  }

  async next() {
    await this.dialog().getByRole('button', { name: 'Next' }).click();
  }

  async enterUrl(source: string, url: string) {
    await this.dialog()
      .getByRole('textbox', { name: `${source} URL` })
      .fill(url);
  }

  async pasteProfileUrls(text: string) {
    await this.dialog().getByRole('textbox', { name: 'Profile URLs' }).fill(text);
  }

  /**
   * From the opened wizard: imports the network members with these public identifiers as pasted
   * profile links, looked up by the network (slow through an adapter), up to 'Upload is completed'.
   */
  async importProfileLinks(publicIdentifiers: readonly string[]) {
    await this.chooseSource('Upload profile URLs');
    await this.pasteProfileUrls(
      publicIdentifiers.map((identifier) => `https://www.linkedin.com/in/${identifier}/`).join('\n'),
    );
    await expect(this.dialog().getByText(`${publicIdentifiers.length} profiles found`)).toBeVisible({
      timeout: 30_000,
    });
    await this.next();
    await this.expectCompleted();
  }

  async chooseFile(path: string) {
    await this.dialog().getByLabel('CSV file').setInputFiles(path);
  }

  async expectCompleted() {
    await expect(this.dialog().getByText('Upload is completed')).toBeVisible({ timeout: 45_000 });
  }

  async showResults() {
    await this.dialog().getByRole('button', { name: 'Show results' }).click();
    await expect(this.dialog()).toBeHidden();
  }

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}
