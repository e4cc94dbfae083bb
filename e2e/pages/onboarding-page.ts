import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';
import { WorkingHoursEditor } from './working-hours-editor.ts';

/** The onboarding screens the access gate shows to an account that is not authorized yet. */
export class OnboardingPage {
  readonly workingHours: WorkingHoursEditor;

  constructor(private readonly page: Page) {
    this.workingHours = new WorkingHoursEditor(page.getByRole('main'));
  }

  signInHeading() {
    return this.page.getByRole('heading', { name: 'My name is Outpilot & I am here to help you!' });
  }

  linkAccountHeading() {
    return this.page.getByRole('heading', { name: 'Link your LinkedIn account' });
  }

  timezoneHeading() {
    return this.page.getByRole('heading', { name: 'Choose your GMT and working hours' });
  }

  workingHoursHeading() {
    return this.page.getByRole('heading', { name: 'Working hours' });
  }

  async expectSignInStep() {
    await expect(this.signInHeading()).toBeVisible();
    await expect(this.page.getByText('Step 2 of 5')).toBeVisible();
  }

  async startSignIn() {
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }

  async expectLinkAccountStep() {
    await expect(this.linkAccountHeading()).toBeVisible();
    await expect(this.page.getByText('Step 3 of 5')).toBeVisible();
  }

  linkDialog() {
    return this.page.getByRole('dialog', { name: 'Link this account?' });
  }

  /** Continue captures the network profile; Link in the confirm modal links it (the page reloads). */
  async linkAccount() {
    await this.page.getByRole('button', { name: 'Continue' }).click();
    const dialog = this.linkDialog();
    await expect(dialog.getByText('You cannot change it later!')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Public profile' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Link' }).click();
  }

  async expectTimezoneStep() {
    await expect(this.timezoneHeading()).toBeVisible();
    await expect(this.page.getByText('Step 4 of 5')).toBeVisible();
    await expect(this.page.getByText('You can reset this step in personal account later')).toBeVisible();
  }

  async chooseTimezone(label: string) {
    const combobox = this.page.getByRole('combobox', { name: 'Timezone' });
    const option = this.page.getByRole('option', { name: label, exact: true });
    // Right after linking the page reloads, and a click that lands while the step renders again opens
    // a list that is gone at once (CI: the option never came, 4 min); a person clicks again.
    await expect(async () => {
      if (!(await option.isVisible())) await combobox.click({ timeout: 2_000 });
      await expect(option).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await option.click();
    await this.page.getByRole('button', { name: 'Next' }).click();
  }

  async expectWorkingHoursStep(timezoneLabel: string) {
    await expect(this.workingHoursHeading()).toBeVisible();
    await expect(this.page.getByText('Step 5 of 5')).toBeVisible();
    await expect(this.page.getByText(timezoneLabel, { exact: true })).toBeVisible();
    await expect(this.page.getByText('You can work up to 12 hours a day.')).toBeVisible();
  }

  acceptButton() {
    return this.page.getByRole('button', { name: 'Accept' });
  }

  readyDialog() {
    return this.page.getByRole('dialog', { name: 'Account is ready for use!' });
  }

  async finish() {
    await this.acceptButton().click();
    await expect(this.readyDialog().getByText('Create your first campaign.')).toBeVisible();
    await this.readyDialog().getByRole('button', { name: "Let's start!" }).click();
  }

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}
