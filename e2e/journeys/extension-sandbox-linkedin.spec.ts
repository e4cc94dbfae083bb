import {
  type NetworkProfile,
  sandboxSearchFacetsSchema,
  sandboxSearchResponseSchema,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import { expect, test } from '@playwright/test';
import { ActivitiesQueuePage } from '../pages/activities-queue-page.ts';
import { ContactsImportWizard } from '../pages/contacts-import-wizard.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { e2eLinkedInFacadeUrl, e2eLinkedInServerUrl } from '../support/e2e-server-url.ts';
import { type ExtensionBrowser, launchWithExtension } from '../support/extension-context.ts';

// The product with NETWORK=linkedin, its extension's LinkedIn adapter pointed at the sandbox
// network's LinkedIn facade: the real adapter on the sandbox's own state, signed in with cookies.
const sandboxApi = `${e2eLinkedInServerUrl}/sandbox/api`;

/** The sandbox member an e-mail signs in as, read through the sandbox's own dialect. */
async function memberOf(email: string): Promise<{ profile: NetworkProfile; session: string }> {
  const response = await fetch(`${sandboxApi}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { profile, sessionId } = sandboxSessionResponseSchema.parse(await response.json());
  return { profile, session: sessionId };
}

/** A people search link that finds a handful of 2nd-degree members: a short import at LinkedIn's pace. */
async function smallSearchFor(session: string): Promise<{ url: string; total: number }> {
  const headers = { 'x-sandbox-session': session };
  const facets = sandboxSearchFacetsSchema.parse(
    await (await fetch(`${sandboxApi}/search/facets`, { headers })).json(),
  );
  for (const company of facets.companies) {
    const url = `https://www.linkedin.com/search/results/people/?currentCompany=%5B%22${company.id}%22%5D&network=%5B%22S%22%5D&origin=FACETED_SEARCH`;
    const response = await fetch(`${sandboxApi}/search/people?url=${encodeURIComponent(url)}&count=1`, {
      headers,
    });
    if (!response.ok) continue;
    const { total } = sandboxSearchResponseSchema.parse(await response.json());
    if (total >= 3 && total <= 12) return { url, total };
  }
  throw new Error('No small search on the sandbox network');
}

test.describe('with the extension on the sandbox network through the LinkedIn adapter', () => {
  let browser: ExtensionBrowser;
  test.beforeAll(async () => {
    browser = await launchWithExtension(e2eLinkedInServerUrl, e2eLinkedInFacadeUrl);
  });
  test.afterAll(async () => {
    await browser.close();
  });

  test('signs in at the network, links the member, imports a search, and asks for the right account when signed out or signed in as another', async () => {
    // LinkedIn's pace (2-5 s a request) makes the import take tens of seconds; a loaded machine several times that.
    test.setTimeout(300_000);
    const email = uniqueEmail('facade');
    const { profile: member, session } = await memberOf(email);
    const memberName = `${member.firstName} ${member.lastName}`;
    const page = await browser.context.newPage();

    // Signed in to the network the way a browser is to linkedin.com: its own sign-in page, cookies.
    await page.goto(`${e2eLinkedInFacadeUrl}/login`);
    await page.getByLabel('Public identifier or e-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${e2eLinkedInFacadeUrl}/feed/`);

    const onboarding = new OnboardingPage(page);
    await page.goto(`${e2eLinkedInServerUrl}/`);
    await onboarding.expectSignInStep();
    await onboarding.startSignIn();
    await new DevelopmentIdentityProviderPage(page).signIn(uniqueEmail('facade-user'), 'Facade User');
    await onboarding.expectLinkAccountStep();
    // The member comes from the network, read by the extension's LinkedIn adapter.
    await page.getByRole('button', { name: 'Continue' }).click();
    const dialog = onboarding.linkDialog();
    await expect(dialog.getByText(memberName)).toBeVisible({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Link' }).click();
    await expect(page).toHaveURL(/\/contacts$/);
    await onboarding.expectTimezoneStep();
    await onboarding.chooseTimezone('GMT+02:00');
    await onboarding.expectWorkingHoursStep('GMT+02:00');
    await onboarding.finish();

    // An import from a search link, paged by the adapter on the facade at LinkedIn's pace.
    const search = await smallSearchFor(session);
    const contacts = new ContactsPage(page);
    const wizard = new ContactsImportWizard(page);
    await contacts.openImportWizard();
    await wizard.chooseSource('Basic network search');
    await wizard.enterUrl('Basic network search', search.url);
    await expect(wizard.dialog().getByText(`${search.total} profiles found`)).toBeVisible({
      timeout: 30_000,
    });
    await wizard.next();
    await wizard.expectCompleted();
    await wizard.showResults();
    await expect(contacts.rows().first()).toBeVisible();

    // Signed out of the network: the network sources ask to sign in as the linked member.
    await page.goto(`${e2eLinkedInFacadeUrl}/logout`);
    await page.goto(`${e2eLinkedInServerUrl}/contacts`);
    await contacts.openImportWizard();
    await expect(wizard.dialog().getByRole('radio', { name: 'Basic network search' })).toBeDisabled();
    await expect(
      wizard.dialog().getByLabel(`Please, sign in at LinkedIn as ${memberName} to proceed.`).first(),
    ).toBeVisible();

    // Signed in as another member: the queue warns that activities cannot run with this account.
    await page.goto(`${e2eLinkedInFacadeUrl}/login`);
    await page.getByLabel('Public identifier or e-mail').fill(uniqueEmail('someone-else'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${e2eLinkedInFacadeUrl}/feed/`);
    const queue = new ActivitiesQueuePage(page);
    await page.goto(`${e2eLinkedInServerUrl}/activities-queue`);
    await expect(
      queue.banner('Your browser is not signed in to LinkedIn with the account linked to Outpilot'),
    ).toBeVisible({ timeout: 30_000 });
    // Back as the linked member, the warning goes.
    await page.goto(`${e2eLinkedInFacadeUrl}/login`);
    await page.getByLabel('Public identifier or e-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${e2eLinkedInFacadeUrl}/feed/`);
    await page.goto(`${e2eLinkedInServerUrl}/activities-queue`);
    await expect(page.getByRole('heading', { name: 'Activities queue' })).toBeVisible();
    await expect(queue.banner('Your browser is not signed in to LinkedIn')).toHaveCount(0);
  });
});
