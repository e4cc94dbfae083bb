import type { Page } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import type { E2eAccount } from './accounts.ts';

/** Opens `path` signed out, signs in as the account through the development provider, and waits for the shell. */
export async function signInAt(page: Page, path: string, account: E2eAccount) {
  await page.goto(path);
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await new ShellPage(page).expectLoaded();
}
