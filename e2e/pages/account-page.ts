import { expect, type Page } from '@playwright/test';
import { WorkingHoursEditor } from './working-hours-editor.ts';

/** /account: Automation Mode, Working Hours and Subscription Billing tabs. */
export class AccountPage {
  readonly editor: WorkingHoursEditor;

  constructor(private readonly page: Page) {
    this.editor = new WorkingHoursEditor(page.getByRole('tabpanel'));
  }

  async open() {
    await this.page.goto('/account');
    await expect(this.page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  }

  async openTab(name: 'Automation Mode' | 'Working Hours' | 'Subscription Billing') {
    await this.page.getByRole('tab', { name }).click();
  }

  scheduleRow(day: string) {
    return this.page.getByTestId(`schedule-${day.toLowerCase()}`);
  }

  async expectSchedule(day: string, text: string) {
    await expect(this.scheduleRow(day)).toContainText(text);
  }

  button(name: 'Edit' | 'Cancel' | 'Apply') {
    return this.page.getByRole('tabpanel').getByRole('button', { name, exact: true });
  }
}
