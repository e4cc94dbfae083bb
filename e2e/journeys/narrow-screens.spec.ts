import { expect, type Locator, type Page, test } from '@playwright/test';
import { AccountPage } from '../pages/account-page.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { seedCampaign } from '../support/seed-campaign.ts';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/**
 * The page is no wider than the screen: nothing needs a sideways scroll of the whole page. A failure
 * names the innermost elements that reach past the screen's edge, for the trace may not tell.
 */
async function expectNoHorizontalOverflow(page: Page, width = phone.width) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `the page at ${width} px is no wider than the screen`,
    })
    .toBeLessThanOrEqual(width)
    .catch(async (error: Error) => {
      const beyond = await page.evaluate(
        (edge) =>
          [...document.querySelectorAll('body *')]
            .filter((element) => element.getBoundingClientRect().right > edge + 1)
            .filter((element) => element.children.length === 0)
            .slice(0, 8)
            .map((element) => {
              const { left, right } = element.getBoundingClientRect();
              return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} ${Math.round(left)}-${Math.round(right)}`;
            }),
        width,
      );
      // Whether the page's media queries say desktop: one failure (always on the Account tabs, in
      // about one full run in three) had the desktop header in a 390 px window while this said no.
      const desktop = await page.evaluate(() => window.matchMedia('(min-width: 900px)').matches);
      throw new Error(
        `${error.message}\nreaching past ${width} px: ${beyond.join('; ')}\n(min-width: 900px) matches: ${desktop}`,
      );
    });
}

/** The widths every screen is checked at: a phone, a small laptop (the side menu shows), a desktop. */
const widths = [390, 1024, 1440] as const;

/**
 * One screen at each width: once `ready` shows, the page is no wider than the screen (tables and
 * grids scroll sideways inside their own boxes). The height stays the phone's: only width matters.
 */
async function expectFitsEveryWidth(page: Page, ready: Locator) {
  for (const width of widths) {
    await resizeTo(page, width);
    await expect(ready).toBeVisible();
    await expectNoHorizontalOverflow(page, width);
  }
}

/** Resizes the page and waits until it has taken the new width. */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: phone.height });
  // Mid-navigation (the sign-in's redirects) the width reads as 0 and is asked again.
  await expect
    .poll(() => page.evaluate(() => window.innerWidth).catch(() => 0), {
      message: `the page sees ${width} px`,
    })
    .toBe(width);
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
  // From the keyboard, the first row's checkbox after the last header control shows the row from its
  // start: the headers had scrolled the grid to its far side.
  const grid = page.getByTestId('contacts-grid');
  await grid.locator('thead').locator('button, input, [tabindex="0"]').last().focus();
  await expect(grid.locator('td[data-col-id="full_name"]').first()).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(grid.getByRole('checkbox', { name: `Select ${first}` })).toBeFocused();
  await expect(grid.locator('td[data-col-id="full_name"]').first()).toBeInViewport();
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
  // One drawer, hidden ones counted: the shell once rendered a second, which the first hid from readers.
  await expect(page.locator('[role="dialog"][aria-label="Navigation"]')).toHaveCount(1);
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

test('every main screen fits 390, 1024 and 1440 px without a sideways scroll of the page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createAccountWithContacts(request, 'widths', 30, {
    importListName: 'Leads list',
    plan: 'team',
  });
  const campaignId = await seedCampaign(request, {
    personaId: account.personaId,
    name: 'Spring outreach',
    state: 'Compose',
    audience: 3,
  });
  const heading = (name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

  await page.goto('/contacts');
  await expectFitsEveryWidth(page, page.getByRole('button', { name: 'Sign In' }));
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await expectFitsEveryWidth(page, heading('Contacts'));
  await page.getByRole('button', { name: 'Add contacts' }).click();
  await expectFitsEveryWidth(page, page.getByRole('dialog', { name: 'Import Contacts' }));
  await page.keyboard.press('Escape');

  const screens: [path: string, ready: Locator][] = [
    [`/contacts/import/${account.importListId}`, heading('Leads list')],
    ['/campaigns', heading('Campaigns')],
    [`/campaigns/${campaignId}`, page.getByText('Statistics')],
    [`/campaigns/${campaignId}/tune`, heading(/steps/)],
    [`/campaigns/${campaignId}/contacts`, heading(/Contacts of/)],
    [`/campaigns/${campaignId}/hubspot`, heading(/CRM settings/)],
    ['/archive', heading('Archive')],
    ['/activities-queue', heading('Activities queue')],
    ['/messaging', heading('Messaging')],
    ['/team/members', page.getByRole('button', { name: 'Invite new member' })],
    ['/upgrade', heading('Choose subscription plan')],
    ['/no-such-page', page.getByText('Page not found')],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await expectFitsEveryWidth(page, ready);
  }

  // Each Account tab at each width, opened once the page has its width: resized right after a tab
  // was opened at 1440 px, Chromium kept laying the header out for the desktop in about one full
  // run in three (docs/decisions.md, sixth session), which no user's window does.
  const accountPage = new AccountPage(page);
  await accountPage.open();
  for (const width of widths) {
    await resizeTo(page, width);
    for (const tab of ['Automation Mode', 'Working Hours', 'Subscription Billing'] as const) {
      await accountPage.openTab(tab);
      await expect(page.getByRole('tabpanel', { name: tab })).toBeVisible();
      await expectNoHorizontalOverflow(page, width);
    }
  }
});

test('the onboarding steps fit 390, 1024 and 1440 px', async ({ page }) => {
  const onboarding = new OnboardingPage(page);
  await page.goto('/');
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(uniqueEmail('widths-onboarding'), 'Nina Narrow');
  await expectFitsEveryWidth(page, onboarding.linkAccountHeading());
  await onboarding.linkAccount();
  await expectFitsEveryWidth(page, onboarding.timezoneHeading());
  await onboarding.chooseTimezone('GMT+02:00');
  await expectFitsEveryWidth(page, onboarding.workingHoursHeading());
});

test('at 1024 px every contacts column comes out from under the pinned actions, with the sideways scrollbar on screen', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'grid-1024', 30);
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/contacts');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  const contacts = new ContactsPage(page);
  await contacts.expectTotal('30 contacts');

  const grid = contacts.grid();
  // Its bottom at the window's bottom: its top then clears the app's header.
  await grid.evaluate((box) => box.scrollIntoView({ block: 'end' }));
  // The grid is its own scroll box no higher than the window: its sideways scrollbar shows with it.
  const fits = await grid.evaluate((box) => ({
    height: box.getBoundingClientRect().height,
    window: window.innerHeight,
  }));
  expect(fits.height).toBeLessThanOrEqual(fits.window);

  const headers = grid.getByRole('columnheader');
  const names = (await headers.allInnerTexts()).map((name) => name.trim());
  expect(names.length).toBeGreaterThan(4);
  // Each header but the pinned ones (the tick box and Actions), scrolled into view inside the grid,
  // is what the pointer finds at its centre: no pinned column covers it.
  for (const [index, name] of names.entries()) {
    if (name === '' || name === 'Actions') continue;
    const uncovered = await headers.nth(index).evaluate((header) => {
      header.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const { left, right, top, bottom } = header.getBoundingClientRect();
      const found = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      return found !== null && header.contains(found);
    });
    expect(uncovered, `the '${name}' column shows beside the pinned actions`).toBe(true);
  }
});
