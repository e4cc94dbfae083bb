import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ContactsPage } from '../pages/contacts-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { appAccessToken } from '../support/app-access-token.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { signInAt } from '../support/sign-in.ts';

type UserApiAnswer = { id: string; documents: { id: string; full_name: string }[] };

/**
 * The main API as the signed-in user's page calls it. The campaign screens are another issue's;
 * the campaigns API sets the scene, as the user's own page would (the in-page agent keeps the
 * signed-in user's tokens).
 */
async function userApi(page: Page, request: APIRequestContext) {
  const token = await appAccessToken(page);
  return async (method: string, path: string, data?: unknown): Promise<UserApiAnswer> => {
    const response = await request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
    return (await response.json()) as UserApiAnswer;
  };
}

test('pages, searches and filters the contacts, remembering the page size', async ({ page, request }) => {
  // The factory cycles 10 first names and connection degrees 1st, 2nd, 3rd+.
  // Premium contacts show a chip in the grid: axe checks its contrast with the list.
  const account = await createAccountWithContacts(request, 'contacts-grid', 30, { premiumContacts: 30 });
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  await expect(contacts.heading()).toHaveText('Contacts');
  await contacts.expectTotal('30 contacts');
  await contacts.expectRowCount(25);
  await expect(contacts.action('Add to campaign')).toBeDisabled();
  await expect(contacts.rows().first().getByText('Premium', { exact: true })).toBeVisible();
  await contacts.expectAccessible();

  // Sorting is the server's; the rows show in its order, also when the direction flips and most
  // of the page's people stay on it (4 locations over 30 contacts).
  const sortedBy =
    (direction: 1 | -1, colId = 'location') =>
    async () => {
      const shown = await contacts.shownColumn(colId);
      return shown.length === 25 &&
        shown.every((text, i) => i === 0 || direction * text.localeCompare(shown[i - 1] ?? '') >= 0)
        ? shown[0]
        : shown;
    };
  await contacts.sortBy('Contact');
  await expect.poll(sortedBy(1, 'full_name')).toMatch(/Anna /);
  await contacts.sortBy('Location');
  await expect.poll(sortedBy(1)).toBe('Berlin, Germany');
  await contacts.sortBy('Location');
  await expect.poll(sortedBy(-1)).toBe('Paris, France');
  await contacts.sortBy('Location');

  await contacts.goToPage(2);
  await contacts.expectRowCount(5);
  await contacts.choosePageSize(10);
  await contacts.expectRowCount(10);
  await expect(page.getByRole('button', { name: 'page 1', exact: false }).first()).toHaveAttribute(
    'aria-current',
  );
  await page.reload();
  await expect(contacts.pageSize()).toHaveText('Show 10 items');
  await contacts.expectRowCount(10);

  await contacts.search('Anna');
  await contacts.expectTotal('3 contacts');
  await contacts.expectRowCount(3);
  for (const name of await contacts.rowNames()) expect(name).toContain('Anna');
  await contacts.search('');
  await contacts.expectTotal('30 contacts');

  await contacts.openFilters();
  await contacts.expectAccessible();
  await contacts.filterPanel().getByRole('checkbox', { name: '1st' }).check();
  await contacts.filterPanel().getByRole('radio', { name: 'Premium only' }).check();
  await contacts.filterPanel().getByRole('radio', { name: 'All' }).check();
  await contacts.filterPanel().getByLabel('Location').click();
  await page.getByRole('option', { name: 'Berlin, Germany' }).click();
  await contacts.applyFilters();
  await expect(contacts.filterTags().getByText('Connection: 1st')).toBeVisible();
  await expect(contacts.filterTags().getByText('Location: Berlin, Germany')).toBeVisible();
  // 1st degree: indexes 0, 3, 6 … ; Berlin: indexes 0, 4, 8 … → 0, 12, 24.
  await contacts.expectTotal('3 contacts');
  await contacts.expectAccessible();

  await contacts.openFilters();
  await contacts.filterPanel().getByLabel('Added to Outpilot').click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await contacts.filterPanel().getByLabel('Added to Outpilot from').fill('2025-12-01');
  await contacts.filterPanel().getByLabel('Added to Outpilot to').fill('2026-01-31');
  await contacts.applyFilters();
  await expect(contacts.filterTags().getByRole('button', { name: 'Show more' })).toBeVisible();
  await contacts.expectTotal('3 contacts');
  await contacts.filterTags().getByRole('button', { name: 'Clear all' }).click();
  await contacts.expectTotal('30 contacts');

  // A hidden column shown from the Columns menu comes into view, and stays shown after a reload.
  const custom = page.getByRole('columnheader', { name: 'Custom 1' });
  await expect(custom).toHaveCount(0);
  await contacts.toggleColumn('Custom 1');
  await expect(custom).toBeInViewport();
  await page.reload();
  await contacts.expectTotal('30 contacts');
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Custom 1' })).toBeChecked();
  await contacts.expectAccessible();
  await expect(page.getByRole('menuitemcheckbox', { name: 'Custom 2' })).not.toBeChecked();
  await page.keyboard.press('Escape');
});

test('exports the selection as CSV and deletes contacts after the preview', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'contacts-actions', 12);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  await contacts.expectTotal('12 contacts');

  const [first = '', second = ''] = await contacts.rowNames();
  await contacts.tickRow(0);
  await contacts.tickRow(1);
  await expect(contacts.selectionBar()).toContainText('2 of 12 selected |');
  await contacts.expectAccessible();

  const downloading = page.waitForEvent('download');
  await contacts.action('Export to CSV').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Outpilot_Export_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}\.csv$/);
  const file = await readFile(await download.path(), 'utf8');
  const lines = file
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toContain('LinkedIn Profile');
  expect(lines).toHaveLength(3);
  const [firstGiven = ''] = first.split(' ');
  const [secondGiven = ''] = second.split(' ');
  expect(file).toContain(firstGiven);
  expect(file).toContain(secondGiven);

  await contacts.selectionBar().getByRole('button', { name: 'Select all' }).click();
  await expect(contacts.selectionBar()).toContainText('12 of 12 selected |');
  await contacts.selectionBar().getByRole('button', { name: 'Clear' }).click();
  await expect(contacts.selectionBar()).toBeHidden();

  await contacts.tickRow(0);
  await contacts.action('Delete').click();
  const dialog = contacts.deleteDialog();
  await expect(dialog).toBeVisible();
  await contacts.expectAccessible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await new ShellPage(page).expectNotice('Contacts are deleted from the system');
  await contacts.expectTotal('11 contacts');
  await expect(contacts.row(first)).toHaveCount(0);
});

test('creates a campaign from a selection, then adds more contacts to it', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'contacts-campaigns', 6);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const shell = new ShellPage(page);
  await contacts.expectTotal('6 contacts');

  await contacts.tickRow(0);
  await contacts.tickRow(1);
  await contacts.action('Create campaign').click();
  const naming = contacts.createCampaignDialog();
  await expect(naming.getByRole('button', { name: 'Create' })).toBeDisabled();
  await contacts.expectAccessible();
  await naming.getByRole('textbox', { name: 'Campaign name' }).fill('Berlin engineers');
  await naming.getByRole('button', { name: 'Create' }).click();
  const created = contacts.audiencePreviewDialog();
  await expect(created).toContainText('Add 2 contacts to “Berlin engineers”?');
  await contacts.expectAccessible();
  await created.getByRole('button', { name: 'Confirm' }).click();
  await shell.expectNotice('Campaign is created');
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Berlin engineers');

  await contacts.goto();
  await contacts.expectTotal('6 contacts');
  // Row 1 is in the campaign already, row 2 is not.
  await contacts.tickRow(1);
  await contacts.tickRow(2);
  await contacts.action('Add to campaign').click();
  const choosing = contacts.chooseCampaignDialog();
  await choosing.getByRole('button', { name: /Berlin engineers/ }).click();
  await contacts.expectAccessible();
  await choosing.getByRole('button', { name: 'Continue' }).click();
  const adding = contacts.audiencePreviewDialog();
  await expect(adding).toContainText('1 — Contacts that are already in this campaign');
  await expect(adding).toContainText('Will add 1 contact, 1 will not be added, proceed?');
  await contacts.expectAccessible();
  // The creation's notice has gone, so the next one is this add's.
  await expect(page.locator('#notistack-snackbar')).toHaveCount(0);
  await adding.getByRole('button', { name: 'Confirm' }).click();
  await shell.expectNotice('Contacts are added');
  await expect(contacts.selectionBar()).toBeHidden();

  await contacts.tickRow(0);
  await contacts.action('Add to campaign').click();
  await choosing.getByRole('button', { name: /Berlin engineers/ }).click();
  await choosing.getByRole('button', { name: 'Continue' }).click();
  await expect(adding).toContainText('Please select other contacts');
  await adding.getByRole('button', { name: 'Ok' }).click();
  await expect(adding).toBeHidden();
});

test("a contact's row menu lists the campaigns it takes part in and opens one in a new tab", async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'contacts-row-menu', 8);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  await contacts.expectTotal('8 contacts');
  const names = await contacts.rowNames();
  const [first = '', second = ''] = names;

  const api = await userApi(page, request);
  const [firstContact] = (await api('GET', '/contacts/page?$take=1')).documents;
  expect(firstContact?.full_name).toBe(first);
  const audience = { filter: `id in ('${firstContact?.id}')` };
  // Running, its first invitation planned ten hours out, so the execution stays 'In queue'.
  const spring = await api('POST', '/campaigns', { name: 'Spring outreach' });
  await api('PUT', `/campaigns/${spring.id}/update_steps`, {
    steps: [{ type: 'Connect' }],
    launch_in_minutes: 600,
  });
  await api('PUT', `/campaigns/${spring.id}/target_audience`, audience);
  await api('PUT', `/campaigns/${spring.id}/run`);
  // A draft target, then archived: no execution, opened in the archive.
  const founders = await api('POST', '/campaigns', { name: 'Old founders' });
  await api('PUT', `/campaigns/${founders.id}/target_audience`, audience);
  await api('PUT', `/campaigns/${founders.id}/archive`);

  await page.reload();
  await contacts.expectTotal('8 contacts');
  const menu = await contacts.openRowMenu(first);
  await expect(menu.getByRole('menuitem', { name: 'Open profile' })).toHaveAttribute('target', '_blank');
  await expect(menu.getByText('Participate in campaigns')).toBeVisible();
  // Exclude and Complete name the campaign on their second line; the campaign's own entry starts with it.
  const running = menu.getByRole('menuitem', { name: /^Spring outreach/ });
  await expect(running).toContainText('In queue');
  await expect(running).toHaveAttribute('href', `/campaigns/${spring.id}`);
  const archived = menu.getByRole('menuitem', { name: /^Old founders/ });
  await expect(archived).toContainText('Not started · Archived');
  await expect(archived).toHaveAttribute('href', `/archive/${founders.id}`);
  await contacts.expectAccessible();

  const opening = page.context().waitForEvent('page');
  await running.click();
  const tab = await opening;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe(`/campaigns/${spring.id}`);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Spring outreach');
  await tab.close();
  await expect(page.getByRole('menu')).toBeHidden();

  // 8 rows: a top row's menu opens below its button, the last 2 rows' above it. (An open menu
  // hides the page from the accessibility tree, so the button is measured first.) The window is
  // tall enough for the whole menu below the second row, so only the rule can put it above.
  await page.setViewportSize({ width: 1280, height: 1000 });
  const openMeasured = async (name: string) => {
    const button = await contacts.rowMenuButton(name).boundingBox();
    const menu = await contacts.openRowMenu(name);
    const box = await menu.boundingBox();
    if (!button || !box) throw new Error('the menu or its button has no box');
    return { menu, button, box };
  };
  const below = await openMeasured(second);
  await expect(below.menu.getByRole('menuitem', { name: 'No campaigns yet' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  expect(below.box.y).toBeGreaterThanOrEqual(below.button.y + below.button.height - 1);
  await contacts.closeRowMenu();
  for (const name of names.slice(-2)) {
    const above = await openMeasured(name);
    expect(above.box.y + above.box.height).toBeLessThanOrEqual(above.button.y + 1);
    await contacts.closeRowMenu();
  }
});

test("a contact's row actions show its campaign's details, complete it and exclude another contact", async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'contacts-row-actions', 5);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const shell = new ShellPage(page);
  await contacts.expectTotal('5 contacts');
  const [first = '', second = '', third = ''] = await contacts.rowNames();

  // Running with an invitation then a message; the first invitation is planned ten hours out, so
  // both contacts stay 'In queue' while the journey looks at them.
  const api = await userApi(page, request);
  const [one, two] = (await api('GET', '/contacts/page?$take=2')).documents;
  const spring = await api('POST', '/campaigns', { name: 'Spring outreach' });
  await api('PUT', `/campaigns/${spring.id}/update_steps`, {
    steps: [{ type: 'Connect' }, { type: 'Message', message_template: 'Hello {first_name}', timeout: 4320 }],
    launch_in_minutes: 600,
  });
  await api('PUT', `/campaigns/${spring.id}/target_audience`, {
    filter: `id in ('${one?.id}', '${two?.id}')`,
  });
  await api('PUT', `/campaigns/${spring.id}/run`);
  await page.reload();
  await contacts.expectTotal('5 contacts');

  let menu = await contacts.openRowMenu(first);
  await expect(contacts.rowMenuItem(menu, 'Open conversation')).toHaveAttribute('aria-disabled', 'true');
  await expect(contacts.rowMenuItem(menu, 'Open conversation')).toContainText(
    'No conversation with this contact yet',
  );
  await expect(contacts.rowMenuItem(menu, 'Complete')).toContainText('Spring outreach');
  await contacts.rowMenuItem(menu, 'Show details').click();
  const details = contacts.detailsDialog(first);
  const campaign = details.getByRole('region', { name: 'Spring outreach' });
  await expect(campaign).toContainText('In queue');
  // Ten hours at least, and later when they fall outside the working hours.
  await expect(campaign).toContainText(/Added \d{2}\/\d{2}\/\d{4} · Starts in (\d+ d )?\d+ h \d+ min/);
  // Each step with its date and its text as this contact gets it (issue 21 item 5): the queued
  // invitation says when it is scheduled.
  await expect(campaign.getByRole('listitem')).toHaveText([
    /^1\. Connect — In queueScheduled \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/,
    `2. Message — Not started“Hello ${first.split(' ')[0]}”`,
  ]);
  await contacts.expectAccessible();
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  menu = await contacts.openRowMenu(first);
  await contacts.rowMenuItem(menu, 'Complete').click();
  const completing = contacts.completeDialog();
  await expect(completing).toContainText(`Complete “Spring outreach” for ${first}?`);
  await contacts.expectAccessible();
  await completing.getByRole('button', { name: 'Yes' }).click();
  await shell.expectNotice('Conversation is cancelled');
  menu = await contacts.openRowMenu(first);
  await expect(menu.getByRole('menuitem', { name: /^Spring outreach/ })).toContainText('Cancelled by you');
  await expect(contacts.rowMenuItem(menu, 'Complete')).toHaveAttribute('aria-disabled', 'true');
  await expect(contacts.rowMenuItem(menu, 'Complete')).toContainText('The conversation is already finished');
  await contacts.expectAccessible();
  await contacts.closeRowMenu();

  menu = await contacts.openRowMenu(second);
  await contacts.rowMenuItem(menu, 'Exclude').click();
  const excluding = contacts.excludeDialog();
  await expect(excluding).toContainText(`Exclude ${second} from “Spring outreach”?`);
  await excluding.getByRole('button', { name: 'Yes' }).click();
  await shell.expectNotice('Contacts are excluded');
  menu = await contacts.openRowMenu(second);
  await expect(menu.getByRole('menuitem', { name: 'No campaigns yet' })).toBeVisible();
  await expect(contacts.rowMenuItem(menu, 'Exclude')).toContainText('Not in a campaign yet');
  await contacts.closeRowMenu();

  // A contact in no campaign has nothing to act on, and no call is needed to say so.
  menu = await contacts.openRowMenu(third);
  await expect(contacts.rowMenuItem(menu, 'Show details')).toHaveAttribute('aria-disabled', 'true');
  await expect(contacts.rowMenuItem(menu, 'Complete')).toContainText('Not in a campaign yet');
});

test('an import list page shows its contacts and renames the list in place', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'contacts-list', 4, {
    importListName: 'A rather long list name for the side menu',
  });
  await signInAt(page, `/contacts/import/${account.importListId}`, account);
  const contacts = new ContactsPage(page);
  const name = page.getByRole('textbox', { name: 'List name' });
  await expect(name).toHaveValue('A rather long list name for the side menu');
  await contacts.expectRowCount(4);
  await expect(
    contacts.recentImports().getByRole('link', { name: 'A rather long list name…' }),
  ).toBeVisible();
  await contacts.expectAccessible();

  await name.fill('');
  await name.press('Enter');
  await expect(name).toHaveValue('A rather long list name for the side menu');
  await name.fill('Warm leads');
  await name.press('Enter');
  await new ShellPage(page).expectNotice('Contact name is changed');
  await expect(contacts.recentImports().getByRole('link', { name: 'Warm leads' })).toBeVisible();
  await page.reload();
  await expect(name).toHaveValue('Warm leads');

  await page.goto('/contacts/import/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await contacts.expectAccessible();
});

test('rows picked over four pages are exported and added to a new campaign, all 400 of them', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'contacts-picks', 450);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  await contacts.expectTotal('450 contacts');
  await contacts.choosePageSize(100);
  await contacts.expectRowCount(100);

  // 400 ids make a filter of about 16,000 characters and a URL past Node's default 16 KB head.
  for (const pageNumber of [1, 2, 3, 4]) {
    if (pageNumber > 1) {
      await contacts.goToPage(pageNumber);
      // The last page stays on screen until the next arrives: tick once the new rows show.
      await expect(contacts.pageCheckbox()).not.toBeChecked();
    }
    await contacts.tickPage();
    await expect(contacts.selectionBar()).toContainText(`${pageNumber * 100} of 450 selected |`);
  }

  const downloading = page.waitForEvent('download');
  await contacts.action('Export to CSV').click();
  const file = await readFile(await (await downloading).path(), 'utf8');
  expect(file.trim().split(/\r?\n/)).toHaveLength(1 + 400);

  await contacts.action('Create campaign').click();
  const naming = contacts.createCampaignDialog();
  await naming.getByRole('textbox', { name: 'Campaign name' }).fill('Four pages');
  await naming.getByRole('button', { name: 'Create' }).click();
  const created = contacts.audiencePreviewDialog();
  await expect(created).toContainText('Add 400 contacts to “Four pages”?');
  await created.getByRole('button', { name: 'Confirm' }).click();
  await new ShellPage(page).expectNotice('Campaign is created');
});
