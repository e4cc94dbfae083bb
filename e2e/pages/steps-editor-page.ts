import { expect, type Page } from '@playwright/test';

/** The steps editor (/campaigns/{id}/tune): the accordion of actions, Add action, Save, Cancel. */
export class StepsEditorPage {
  constructor(private readonly page: Page) {}

  async addAction(type: string) {
    await this.page.getByRole('button', { name: 'Add action' }).click();
    await this.page.getByRole('menuitem', { name: type, exact: true }).click();
  }

  /** The text field of action `number` (1-based): the note of a Connect, the text of a Message. */
  text(number: number, label: 'Invitation note (optional)' | 'Message') {
    return this.step(number).getByRole('textbox', { name: label });
  }

  step(number: number) {
    return this.page.getByRole('region', { name: new RegExp(`^${number}\\. `) });
  }

  timerPart(number: number, label: string, part: 'Days' | 'Hours' | 'Minutes') {
    return this.step(number).getByRole('spinbutton', { name: `${label}: ${part}` });
  }

  async insertPlaceholder(number: number, label: string) {
    await this.step(number).getByRole('button', { name: label, exact: true }).click();
  }

  async save() {
    await this.page.getByRole('button', { name: 'Save' }).click();
  }

  async expectWarning(number: number, text: string) {
    await expect(this.step(number).getByText(text, { exact: true })).toBeVisible();
  }
}
