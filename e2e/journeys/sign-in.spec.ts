import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createOnboardedAccount, uniqueEmail } from '../support/accounts.ts';

test('a new user signs in through the development provider and sees the next onboarding step', async ({
  page,
}) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectSignInStep();
  await onboarding.expectAccessible();

  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(email, 'Nora Newcomer');

  await expect(onboarding.linkAccountHeading()).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Step 3 of 5')).toBeVisible();
});

test('an onboarded account reaches the shell and lands on the campaigns page', async ({ page, request }) => {
  const account = await createOnboardedAccount(request, 'onboarded');
  await page.goto('/');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);

  const shell = new ShellPage(page);
  await shell.expectLoaded();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await shell.expectAccessible();
});

test('a deep link to a protected route survives the sign-in', async ({ page, request }) => {
  const account = await createOnboardedAccount(request, 'deeplink');
  await page.goto('/contacts?view=recent');
  const onboarding = new OnboardingPage(page);
  await onboarding.expectSignInStep();
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);

  await expect(page).toHaveURL(/\/contacts\?view=recent$/);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
});

test('Log Out returns to the sign-in step, and the old session no longer opens the app', async ({
  page,
  request,
}) => {
  const account = await createOnboardedAccount(request, 'logout');
  await page.goto('/campaigns');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  const shell = new ShellPage(page);
  await shell.expectLoaded();

  // Signed in last time, the app's modules are asked for before the profile is (main.tsx); signed
  // out, the sign-in step shows without them.
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/full-app-')) asked.push('app');
    if (pathname === '/api/v1/profile') asked.push('profile');
  });
  await page.reload();
  await shell.expectLoaded();
  expect(asked.slice(0, 2)).toEqual(['app', 'profile']);

  await shell.logOut();
  const onboarding = new OnboardingPage(page);
  await onboarding.expectSignInStep();
  asked.length = 0;
  await page.reload();
  await onboarding.expectSignInStep();
  expect(asked).not.toContain('app');
});
