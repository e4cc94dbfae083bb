import { expect, type Page } from '@playwright/test';

/** The onboarding screens the access gate shows to an account that is not authorized yet. */
export class OnboardingPage {
  constructor(private readonly page: Page) {}

  signInHeading() {
    return this.page.getByRole('heading', { name: 'My name is Outpilot & I am here to help you!' });
  }

  linkAccountHeading() {
    return this.page.getByRole('heading', { name: 'Link your LinkedIn account' });
  }

  async expectSignInStep() {
    await expect(this.signInHeading()).toBeVisible();
    await expect(this.page.getByText('Step 2 of 5')).toBeVisible();
  }

  async startSignIn() {
    await this.page.getByRole('button', { name: 'Sign In' }).click();
  }
}
