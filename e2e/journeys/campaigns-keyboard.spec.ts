import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { CampaignDetailPage } from '../pages/campaign-detail-page.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { StepsEditorPage } from '../pages/steps-editor-page.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { expectEveryControlReached, focusedName, tabTo } from '../support/keyboard.ts';
import { seedCampaign } from '../support/seed-campaign.ts';
import { signInAt } from '../support/sign-in.ts';

// Every step of these journeys is a key press: no click, no fill. The page objects are used only
// to find what to assert on.

/** Presses Enter on the focused dialog button named `button` after tabbing to it. */
async function answerWithKeyboard(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await tabTo(page, button, { limit: 6 });
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
}

test('the campaign list, the create modal and the archive by keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await createAccountWithContacts(page.request, 'campaigns-keyboard-list', 0);
  // 26 campaigns: one more than a page, so the paging footer has somewhere to go.
  for (let number = 1; number <= 26; number += 1)
    await seedCampaign(page.request, {
      personaId: account.personaId,
      name: `Keyed ${String(number).padStart(2, '0')}`,
      state: number === 26 ? 'Stopped' : 'Compose',
    });
  await signInAt(page, '/campaigns', account);
  const shell = new ShellPage(page);
  const campaigns = new CampaignsPage(page);
  await expect(campaigns.row('Keyed 26')).toBeVisible();

  // Search: type and Enter.
  await page.getByRole('button', { name: 'Add campaign' }).focus();
  await tabTo(page, 'Search campaigns', { limit: 8 });
  await page.keyboard.type('Keyed 0');
  await page.keyboard.press('Enter');
  await expect(campaigns.table().getByRole('row')).toHaveCount(1 + 9);
  // Every control of the screen (toolbar, filters, every row's link and buttons, the footer) is
  // reached by Tab, each with a visible focus ring.
  const order = await expectEveryControlReached(page, page.getByRole('main'));
  expect(order).toEqual(
    expect.arrayContaining(['Export to CSV', 'Add campaign', 'Status', 'Keyed 09', 'Archive Keyed 09']),
  );
  await page.getByRole('searchbox', { name: 'Search campaigns' }).focus();
  // The status filter: opened with the arrow keys, chosen with Enter.
  await tabTo(page, 'Status', { limit: 3 });
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'paused' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await expect(page.getByText('Ooops… Nothing was found!')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  await expect(campaigns.row('Keyed 09')).toBeVisible();
  await expect(campaigns.table().getByRole('row')).toHaveCount(1 + 9);

  // Clear the search: select it all and delete, then Enter.
  await tabTo(page, 'Search campaigns', { backwards: true, limit: 3 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Enter');
  await expect(campaigns.table().getByRole('row')).toHaveCount(1 + 25);

  // Paging: the footer's next and last page buttons.
  await tabTo(page, 'Go to next page', { limit: 200 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('26–26 of 26')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  await tabTo(page, 'Go to first page', { backwards: true, limit: 4 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('1–25 of 26')).toBeVisible();

  // A row action: Clone asks first; Enter on Yes clones, and focus stays in the list.
  await page.getByRole('combobox', { name: 'Status' }).focus();
  await tabTo(page, 'Clone Keyed 25', { limit: 60 });
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Clone campaign', 'Yes');
  await shell.expectNotice('Campaign is cloned');
  // Clone from the list opens the copy's steps editor (§2); back to the list by its menu link.
  await expect(page).toHaveURL(/\/tune$/);
  await page.goBack();
  await expect(campaigns.row('Keyed 24')).toBeVisible();

  // Archive a row: the row leaves, focus lands somewhere a keyboard user can go on from.
  await page.getByRole('combobox', { name: 'Status' }).focus();
  await tabTo(page, 'Archive Keyed 24', { limit: 80 });
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Archive campaign', 'Yes');
  await shell.expectNotice('Campaign is archived');
  await expect(campaigns.row('Keyed 24')).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  await tabTo(page, /^(Select|Clone|Archive|Run|Complete) Keyed/, { limit: 12 });

  // Export: Enter on the button downloads the list.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).focus();
  await tabTo(page, 'Export to CSV', { backwards: true, limit: 4 });
  const downloading = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const csv = await readFile(await (await downloading).path(), 'utf8');
  expect(csv).toContain('Keyed 25');

  // Open a row: Enter on its name.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).focus();
  await tabTo(page, 'Keyed 23', { limit: 30 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keyed 23');
  await page.goBack();

  // The create modal: Enter on 'Add campaign', the name field has focus, Enter creates.
  await page.getByRole('searchbox', { name: 'Search campaigns' }).focus();
  await tabTo(page, 'Add campaign', { backwards: true, limit: 4 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Create campaign' });
  await expect(dialog.getByRole('textbox', { name: 'Campaign name' })).toBeFocused();
  // Enter with no name creates nothing: Create waits for a name.
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Typed by keys');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}\/tune$/);
  await shell.expectNotice('Campaign is created');

  // The archive: Unarchive by Enter.
  await page.goto('/archive');
  await expect(campaigns.heading()).toHaveText('Archive');
  await expectEveryControlReached(page, page.getByRole('main'));
  await page.getByRole('button', { name: 'Export to CSV' }).focus();
  await tabTo(page, 'Unarchive Keyed 24', { limit: 12 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('There are no archived campaigns.')).toBeVisible();
  await campaigns.expectAccessible();
});

test('the steps editor and the campaign page by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await createAccountWithContacts(page.request, 'campaigns-keyboard-detail', 0);
  const id = await seedCampaign(page.request, {
    personaId: account.personaId,
    name: 'Keyboard launch',
    state: 'Compose',
    audience: 2,
  });
  await signInAt(page, `/campaigns/${id}`, account);
  const shell = new ShellPage(page);
  const detail = new CampaignDetailPage(page);
  const editor = new StepsEditorPage(page);
  await expect(detail.contactsCount()).toHaveText('2');

  // The seeded campaign has a Connect and a Message; Edit leads to the steps editor.
  await expect(detail.steps()).toContainText('2. Message');
  await detail.nameField().focus();
  await tabTo(page, 'Edit', { limit: 12 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tune$/);
  // The new screen's heading takes the focus: the next Tab starts at the top of the screen.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Add two Messages from the menu with the arrow keys; the focus comes back to 'Add action'.
  await tabTo(page, 'Add action', { limit: 60 });
  for (const number of [3, 4]) {
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Connect', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Message', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editor.step(number)).toBeVisible();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add action' })).toBeFocused();
  }

  // The Connect's note: typed over, with a placeholder inserted where the cursor is.
  await page.getByRole('combobox', { name: 'Launch the first action' }).focus();
  await tabTo(page, 'Invitation note (optional)', { limit: 6 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Hi ');
  await tabTo(page, 'First Name', { limit: 3 });
  await page.keyboard.press('Enter');
  // Back in the note, the cursor after the placeholder: typing goes on from there.
  await expect(editor.text(1, 'Invitation note (optional)')).toBeFocused();
  await page.keyboard.type(', glad to connect.');
  await expect(editor.text(1, 'Invitation note (optional)')).toHaveValue('Hi {first_name}, glad to connect.');

  // Its delay: the arrow keys move a timer part.
  await tabTo(page, 'Delay after the invitation is accepted: Hours', { limit: 20 });
  const hours = editor.timerPart(1, 'Delay after the invitation is accepted', 'Hours');
  const hoursBefore = Number(await hours.inputValue());
  await page.keyboard.press('ArrowUp');
  await expect(hours).toHaveValue(String(hoursBefore + 1));

  // The first Message: its text replaced, its wait typed in days.
  await tabTo(page, 'Message', { limit: 30 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Thanks for connecting!');
  await tabTo(page, 'Delay: wait for a reply: Days', { limit: 20 });
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2');
  await expect(editor.timerPart(2, 'Delay: wait for a reply', 'Days')).toHaveValue('2');
  // An empty Message is refused in words.
  await tabTo(page, 'Message', { limit: 30 });
  await page.keyboard.type('x');
  await page.keyboard.press('Backspace');
  await editor.expectWarning(3, 'Enter your message');
  await page.keyboard.type('Following up.');

  // The last Message is deleted with its confirmation (Escape keeps it, Enter on Yes deletes).
  await tabTo(page, 'Delete action 4', { limit: 40 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Delete action' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Delete action' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Delete action 4' })).toBeFocused();
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Delete action', 'Yes');
  await expect(editor.step(4)).toHaveCount(0);
  // The deleted action's button has gone: the focus goes on to 'Add action'.
  await expect(page.getByRole('button', { name: 'Add action' })).toBeFocused();

  // The accordion folds and unfolds with Enter on its header.
  await page.getByRole('combobox', { name: 'Launch the first action' }).focus();
  await tabTo(page, /^1\. Connect/, { limit: 3 });
  await page.keyboard.press('Enter');
  await expect(editor.text(1, 'Invitation note (optional)')).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(editor.text(1, 'Invitation note (optional)')).toBeVisible();

  // Every control of the editor is reached by Tab.
  await expectEveryControlReached(page, page.getByRole('main'), 250);

  // Save: the campaign can still take contacts, so the contacts page follows (§2).
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await tabTo(page, 'Save', { limit: 3 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/contacts$/);

  // The campaign page: rename with Enter keeps the focus in the title.
  await page.goto(`/campaigns/${id}`);
  await expect(detail.steps()).toContainText('3. Message');
  await expectEveryControlReached(page, page.getByRole('main'));
  await detail.nameField().focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Keyboard launch, renamed');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keyboard launch, renamed');
  await expect(detail.nameField()).toBeFocused();

  // Run: the start preview's Yes/No.
  await tabTo(page, 'Run', { limit: 4 });
  await page.keyboard.press('Enter');
  await expect(detail.dialog('Launch now')).toContainText('queue for 2 contacts');
  await answerWithKeyboard(page, 'Launch now', 'Yes');
  await shell.expectNotice('Campaign is launched');
  await expect(detail.status()).toHaveText('active');
  // Run became Stop in the same place: the focus is on it.
  await expect(detail.action('Stop')).toBeFocused();
  await page.keyboard.press('Enter');
  await shell.expectNotice('Campaign is paused');
  await expect(detail.action('Run')).toBeFocused();
  await page.keyboard.press('Enter');
  await shell.expectNotice('Campaign is resumed');
  await expect(detail.status()).toHaveText('active');

  await tabTo(page, 'Complete', { limit: 3 });
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Cancel campaign', 'Yes');
  await shell.expectNotice('Campaign is cancelled');
  await expect(detail.status()).toHaveText('completed');
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  await detail.nameField().focus();
  await tabTo(page, 'Archive', { limit: 6 });
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Archive campaign', 'Yes');
  await shell.expectNotice('Campaign is archived');
  await expect(detail.action('Unarchive')).toBeEnabled();

  await detail.action('Unarchive').focus();
  await tabTo(page, 'Clone', { backwards: true, limit: 3 });
  await page.keyboard.press('Enter');
  await answerWithKeyboard(page, 'Clone campaign', 'Yes');
  await shell.expectNotice('Campaign is cloned');
  await expect(page).toHaveURL(/\/tune$/);
  expect(await focusedName(page)).not.toBe('');
});
