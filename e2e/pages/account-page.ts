import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
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

  /**
   * At phone width the tab strip scrolls the selected tab into view with a short animation; a click
   * that lands while it moves can hit the neighbouring tab (seen in CI: the click meant for
   * 'Subscription Billing' fell on the already selected 'Working Hours'). A user clicks again; so do we,
   * until the tab says it is selected.
   */
  async openTab(name: 'Automation Mode' | 'Working Hours' | 'Subscription Billing') {
    const tab = this.page.getByRole('tab', { name });
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
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

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}
