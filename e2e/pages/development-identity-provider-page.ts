import type { Page } from '@playwright/test';

/** The sign-in form of the embedded development identity provider (OIDC). */
export class DevelopmentIdentityProviderPage {
  constructor(private readonly page: Page) {}

  async signIn(email: string, name: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
