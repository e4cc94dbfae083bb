import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createOnboardedAccount } from '../support/accounts.ts';

test('an auth callback with error=access_denied shows the connect-failure screen with Back to /', async ({
  page,
}) => {
  await page.goto('/auth_callback?error=access_denied');
  await expect(page.getByText("Oops! We couldn't connect the product to your account")).toBeVisible();
  await expect(
    page.getByText('Please, check your Google and/or G-Suite account security settings'),
  ).toBeVisible();
  await new ShellPage(page).expectAccessible();
  await page.getByRole('button', { name: 'Back' }).click();
  await new OnboardingPage(page).expectSignInStep();
});

test('/ and /mailbox redirect, and an unknown route shows the 404 page with Go home', async ({
  page,
  request,
}) => {
  const account = await createOnboardedAccount(request, 'routes');
  await page.goto('/');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await new ShellPage(page).expectLoaded();
  await expect(page).toHaveURL(/\/campaigns$/);

  await page.goto('/mailbox');
  await expect(page).toHaveURL(/\/messaging$/);

  await page.goto('/no/such/page');
  const goHome = page.getByRole('link', { name: 'Go home' });
  await expect(goHome).toBeVisible();
  await new ShellPage(page).expectAccessible();
  await goHome.click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('the API answers bad input with clear 4xx bodies, never a 500', async ({ request }) => {
  const malformed = await request.post('/api/v1/auth/token', {
    headers: { 'content-type': 'application/json' },
    data: Buffer.from('{"code": '),
  });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ name: 'BadRequest' });

  const forged = await request.get('/api/v1/profile', {
    headers: { authorization: 'Bearer forged.token.value' },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toEqual({ name: 'NotAuthorized', message: 'Not authorized' });

  const unknown = await request.get('/api/v1/no-such-route');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ name: 'NotFound' });
});
