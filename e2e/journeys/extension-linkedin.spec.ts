import { type LinkedInStandIn, startLinkedInStandIn } from '@outpilot/agent/testing';
import { expect, test } from '@playwright/test';
import { ContactsImportWizard } from '../pages/contacts-import-wizard.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
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
  await expectAccessible(page);
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

  test('the app detects it, links the LinkedIn member the browser is signed in to, and imports a search', async () => {
    // LinkedIn's pace makes the import take tens of seconds; a loaded machine takes several times that.
    test.setTimeout(360_000);
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
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Link' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await onboarding.expectTimezoneStep();
    await onboarding.chooseTimezone('GMT+02:00');
    await onboarding.expectWorkingHoursStep('GMT+02:00');
    await onboarding.finish();

    // An import from a LinkedIn search link, paged by the extension's adapter at LinkedIn's pace.
    const contacts = new ContactsPage(page);
    const wizard = new ContactsImportWizard(page);
    await contacts.openImportWizard();
    await wizard.chooseSource('Basic network search');
    await wizard.enterUrl(
      'Basic network search',
      'https://www.linkedin.com/search/results/people/?keywords=engineer&origin=FACETED_SEARCH',
    );
    await expect(wizard.dialog().getByText('30 profiles found')).toBeVisible({ timeout: 30_000 });
    await wizard.next();
    await wizard.expectCompleted();
    await expect(wizard.dialog().getByText('30 profiles were uploaded')).toBeVisible();
    await wizard.showResults();
    await expect(contacts.rows().first()).toBeVisible();
    const searches = standIn.requests.filter((request) => request.url.includes('voyagerSearchDashClusters'));
    expect(searches.length).toBeGreaterThanOrEqual(2);

    // Signed out of LinkedIn: the network sources ask to sign in as the linked member.
    standIn.state.session = 'expired';
    await page.goto('/contacts');
    await contacts.openImportWizard();
    await expect(wizard.dialog().getByRole('radio', { name: 'Basic network search' })).toBeDisabled();
    await expect(
      wizard.dialog().getByLabel('Please, sign in at LinkedIn as Mia Self to proceed.').first(),
    ).toBeVisible();
    await wizard.expectAccessible();
  });
});
