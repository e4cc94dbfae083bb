import { expect, type Locator } from '@playwright/test';

/** The per-weekday working-hours editor (onboarding step 5, account page, side panel). */
export class WorkingHoursEditor {
  constructor(private readonly root: Locator) {}

  day(name: string) {
    return this.root.getByRole('checkbox', { name, exact: true });
  }

  range(name: string) {
    return this.root.getByRole('textbox', { name: `${name} working hours` });
  }

  async setRange(name: string, value: string) {
    await this.range(name).fill(value);
  }

  async expectError(text: string) {
    await expect(this.root.getByText(text, { exact: true })).toBeVisible();
  }
}
