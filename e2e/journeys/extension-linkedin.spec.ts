import { type LinkedInStandIn, startLinkedInStandIn } from '@outpilot/agent/testing';
import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { e2eLinkedInServerUrl } from '../support/e2e-server-url.ts';
import { type ExtensionBrowser, launchWithExtension } from '../support/extension-context.ts';

// The product with NETWORK=linkedin: no sandbox, no in-page agent. The extension's LinkedIn adapter
// acts on a stand-in for linkedin.com (the world's edge), whose session cookies the browser holds.

test('without the extension, onboarding starts at "Install the Chrome Extension" with the store link', async ({
  page,
}) => {
  await page.goto(`${e2eLinkedInServerUrl}/`);
  await expect(page.getByRole('heading', { name: 'Install the Chrome Extension' })).toBeVisible();
  await expect(page.getByText('Step 1 of 5')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Install' })).toHaveAttribute(
    'href',
    'https://chromewebstore.google.com/detail/outpilot/outpilot-extension',
  );
});

test.describe('with the extension', () => {
  let standIn: LinkedInStandIn;
  let browser: ExtensionBrowser;
  test.beforeAll(async () => {
    standIn = await startLinkedInStandIn();
    browser = await launchWithExtension(e2eLinkedInServerUrl, standIn.url);
  });
  test.afterAll(async () => {
    await browser.close();
    await standIn.close();
  });

  test('the app detects it, and links the LinkedIn member the browser is signed in to', async () => {
    test.setTimeout(120_000);
    const page = await browser.context.newPage();
    const onboarding = new OnboardingPage(page);
    await page.goto(`${e2eLinkedInServerUrl}/`);
    await onboarding.expectSignInStep();
    await onboarding.startSignIn();
    await new DevelopmentIdentityProviderPage(page).signIn(uniqueEmail('linkedin'), 'Mia Self');
    await onboarding.expectLinkAccountStep();

    // Signed out of LinkedIn: nothing to link yet.
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Sign in to LinkedIn first, then press Continue')).toBeVisible();

    // Signed in to LinkedIn: the member comes from the network, read by the extension's adapter.
    await browser.context.addCookies(
      [...standIn.cookies].map(([name, value]) => ({ name, value, url: standIn.url })),
    );
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = onboarding.linkDialog();
    await expect(dialog.getByText('Mia Self')).toBeVisible();
    await dialog.getByRole('button', { name: 'Link' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await onboarding.expectTimezoneStep();
    // The member was read from the network by the extension's LinkedIn adapter.
    expect(standIn.requests.some((request) => request.url === '/voyager/api/me')).toBe(true);
  });
});
