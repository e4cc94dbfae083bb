import { expect, type Page, test } from '@playwright/test';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** The page is no wider than the phone: nothing needs a sideways scroll of the whole page. */
async function expectNoHorizontalOverflow(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(phone.width);
}

test('at 390 px: sign in, contacts and campaigns fit the screen and their actions are reachable', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'narrow', 5);
  await page.goto('/contacts');
  const onboarding = new OnboardingPage(page);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);

  // Contacts: the sections hide behind the menu button; the grid scrolls sideways in its own box.
  const contacts = new ContactsPage(page);
  await contacts.expectRowCount(5);
  await expectNoHorizontalOverflow(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add contacts' })).toBeInViewport();
  const [first = ''] = await contacts.rowNames();
  await contacts.tickRow(0);
  await expect(contacts.action('Delete')).toBeEnabled();
  const menu = await contacts.openRowMenu(first);
  await expect(menu).toBeInViewport();
  await contacts.closeRowMenu();
  // The pointer left on the menu button shows its tooltip, a transient popup outside the landmarks.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  await expectAccessible(page);

  // The account menu is on screen.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeInViewport();
  await page.keyboard.press('Escape');

  // The drawer holds the sections and the section's menu; following a link closes it.
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const drawer = page.getByRole('dialog', { name: 'Navigation' });
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  await expect(drawer.getByRole('link', { name: 'All contacts' })).toBeVisible();
  await expectAccessible(page);
  await drawer.getByRole('link', { name: 'Campaigns' }).click();
  await expect(drawer).toBeHidden();

  // Campaigns: the list and its main action.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Campaigns');
  await expect(page.getByRole('button', { name: 'Add campaign' })).toBeInViewport();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});
