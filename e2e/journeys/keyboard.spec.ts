import { expect, test } from '@playwright/test';
import { ContactsPage } from '../pages/contacts-page.ts';
import { expectAccessible } from '../support/axe.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { tabTo } from '../support/keyboard.ts';
import { signInAt } from '../support/sign-in.ts';

test('the contacts grid is operable by keyboard alone', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'keyboard-grid', 3);
  await signInAt(page, '/contacts', account);
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
