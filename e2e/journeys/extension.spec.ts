import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { e2eServerUrl } from '../support/e2e-server-url.ts';
import { type ExtensionBrowser, launchWithExtension } from '../support/extension-context.ts';

let browser: ExtensionBrowser;
test.beforeAll(async () => {
  browser = await launchWithExtension(e2eServerUrl);
});
test.afterAll(() => browser.close());

test('with the extension installed, the app signs in and links the account through it', async () => {
  test.setTimeout(120_000);
  const page = await browser.context.newPage();
  const email = uniqueEmail('extension');
  const onboarding = new OnboardingPage(page);
  await page.goto('/');
  await onboarding.expectSignInStep();
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(email, 'Ezra Extension');

  // The extension's agent holds the session: its tokens are in the extension's storage, not the page's.
  await onboarding.expectLinkAccountStep();
  await expect(page.getByText(email)).toBeVisible();
  await onboarding.expectAccessible();
  const [worker] = browser.context.serviceWorkers();
  type WithChrome = { chrome: { storage: { local: { get(): Promise<Record<string, unknown>> } } } };
  await expect
    .poll(async () =>
      Object.keys(
        (await worker?.evaluate(() => (globalThis as unknown as WithChrome).chrome.storage.local.get())) ??
          {},
      ),
    )
    .toContain(`${e2eServerUrl}|tokens`);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('tokens'))),
  ).toEqual([]);

  await onboarding.linkAccount();
  await expect(page).toHaveURL(/\/contacts$/);
  await onboarding.expectTimezoneStep();
});
