import { expect, type Page, test } from '@playwright/test';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';

/** What a screen reader would announce for the focused element: its label, else its text. */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return '';
    return (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
  });
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name is `name`, checking on the way that
 * each focused element shows a focus ring. Fails when the name is not reached in `limit` presses.
 */
async function tabTo(page: Page, name: string, options: { backwards?: boolean; limit?: number } = {}) {
  const passed: string[] = [];
  for (let press = 0; press < (options.limit ?? 40); press += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const focused = await focusedName(page);
    passed.push(focused);
    const ring = await page.evaluate(() => {
      // A checkbox's input is invisible: its ring is drawn on the box around it.
      const element = document.activeElement as HTMLElement | null;
      const shown = element?.matches('input[type="checkbox"]') ? element.parentElement : element;
      if (!shown) return 'none';
      const style = getComputedStyle(shown);
      return style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineStyle;
    });
    expect(ring, `focus ring on '${focused}'`).not.toBe('none');
    if (focused === name) return;
  }
  throw new Error(`Tab never reached '${name}'; it passed: ${passed.join(' | ')}`);
}

test('the contacts grid is operable by keyboard alone', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'keyboard-grid', 3);
  await page.goto('/contacts');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await new ShellPage(page).expectLoaded();
  const contacts = new ContactsPage(page);
  await contacts.expectRowCount(3);

  // From the search box, Tab walks the toolbar, the header and then each row's controls.
  await page.getByRole('searchbox', { name: 'Search contacts' }).focus();
  await tabTo(page, 'Location');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('columnheader', { name: 'Location' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );
  await expect(page.getByRole('columnheader', { name: 'Location' }).getByRole('button')).toBeFocused();
  await expect
    .poll(async () => {
      const shown = await contacts.shownColumn('location');
      return shown.every((text, i) => i === 0 || text.localeCompare(shown[i - 1] ?? '') >= 0);
    })
    .toBe(true);
  const [first = '', second = ''] = await contacts.rowNames();

  // Resize a column from the keyboard: its separator moves with the arrow keys.
  await tabTo(page, 'Resize Location');
  const before = Number(
    await page.getByRole('separator', { name: 'Resize Location' }).getAttribute('aria-valuenow'),
  );
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('separator', { name: 'Resize Location' })).toHaveAttribute(
    'aria-valuenow',
    String(before + 16),
  );

  // A row: its checkbox ticks with Space, its menu opens with Enter and closes with Escape.
  await tabTo(page, `Select ${first}`);
  await page.keyboard.press('Space');
  await expect(contacts.row(first).getByRole('checkbox')).toBeChecked();
  await expect(contacts.action('Delete')).toBeEnabled();
  await tabTo(page, `Actions for ${first}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menu').locator('[role="menuitem"]:focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(contacts.rowMenuButton(first)).toBeFocused();

  // Its Delete asks first; Escape leaves the contact in place.
  await tabTo(page, `Delete ${first}`);
  await page.keyboard.press('Enter');
  await expect(contacts.deleteDialog()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contacts.deleteDialog()).toBeHidden();

  // The next row follows in reading order.
  await tabTo(page, `Select ${second}`);
  await page.keyboard.press('Space');
  await expect(contacts.row(second).getByRole('checkbox')).toBeChecked();
  await expectAccessible(page);
});
