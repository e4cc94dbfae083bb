import { claimActivitiesResponseSchema } from '@outpilot/contracts';
import { expect, test } from '@playwright/test';
import { ActivitiesQueuePage } from '../pages/activities-queue-page.ts';
import { CampaignContactsPage } from '../pages/campaign-contacts-page.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { CrmSettingsPage } from '../pages/crm-settings-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { StepsEditorPage } from '../pages/steps-editor-page.ts';
import { appAccessToken } from '../support/app-access-token.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { e2eVirtualClockServerUrl as base } from '../support/e2e-server-url.ts';
import { signInAt } from '../support/sign-in.ts';
import { moveToNextMondayMorning } from '../support/virtual-clock.ts';

// The engine's time is virtual on this server: Monday 10:00 UTC (inside the factories' working
// hours, Mon-Fri 09:00-19:00) until the journey moves it.
test.use({ baseURL: base });

test("a campaign's contacts: add them, launch, see their steps, exclude and complete; the queue and the CRM settings", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await moveToNextMondayMorning(request);
  const account = await createAccountWithContacts(request, 'campaign-contacts', 5);
  await signInAt(page, '/campaigns', account);
  const shell = new ShellPage(page);
  const campaigns = new CampaignsPage(page);

  // A new campaign with a Connect and a Message; saving goes on to its contacts (§2).
  await campaigns.create('Contacts journey');
  const editor = new StepsEditorPage(page);
  await editor.addAction('Connect');
  await editor.addAction('Message');
  await editor.text(2, 'Message').fill('Thanks for connecting, {first_name}!');
  await editor.save();
  await expect(page).toHaveURL(/\/contacts$/);
  const campaignUrl = page.url().replace(/\/contacts$/, '');

  const contacts = new CampaignContactsPage(page);
  await expect(contacts.launchPrompt()).toContainText('Add contacts to launch your campaign!');
  await contacts.grid.expectTotal('0 contacts');

  // 'Add more contacts' lists the contacts not yet in the campaign.
  await contacts.launchPrompt().getByRole('button', { name: 'Add more contacts' }).click();
  await expect(contacts.addContactsDialog().getByText('5 contacts')).toBeVisible();
  await contacts.addAllShownContacts();
  await shell.expectNotice('Contacts are added');
  await contacts.grid.expectTotal('5 contacts');
  await expect(contacts.launchPrompt()).toContainText('Ready to go! Launch it?');
  const names = await contacts.grid.rowNames();
  expect(names).toHaveLength(5);
  const [first, second, third, fourth] = names as [string, string, string, string];
  await expect(contacts.status(first)).toContainText('Not started');
  // The modal now has nobody left to offer: its filter leaves the campaign's contacts out.
  await contacts.addMoreContacts().click();
  await expect(contacts.addContactsDialog().getByText('No contacts found')).toBeVisible();
  await contacts.addContactsDialog().getByRole('button', { name: 'Cancel' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await contacts.screenshot('campaign-contacts-draft-390');
  await contacts.expectAccessible();
  await page.setViewportSize({ width: 1024, height: 800 });

  // A draft's contact leaves its audience after a plain Yes/No.
  const menu = await contacts.grid.openRowMenu(fourth);
  await contacts.grid.rowMenuItem(menu, 'Exclude').click();
  await expect(contacts.excludeDialog()).toContainText(`Exclude 1 contact from “Contacts journey”?`);
  await contacts.answer(contacts.excludeDialog(), 'Yes');
  await shell.expectNotice('Contacts are excluded');
  await contacts.grid.expectTotal('4 contacts');

  // Launch from the prompt: the start preview's Yes/No, then every contact is queued.
  await contacts.launchPrompt().getByRole('button', { name: 'Launch' }).click();
  const launch = page.getByRole('dialog', { name: 'Launch now' });
  await expect(launch).toContainText('queue for 4 contacts');
  await launch.getByRole('button', { name: 'Yes' }).click();
  await shell.expectNotice('Campaign is launched');
  await expect(contacts.launchPrompt()).toBeHidden();
  // Read on the second contact, a 2nd-degree one, whose Message waits for an acceptance: the first
  // is already a 1st-degree connection, so the page's runner skips its Connect the moment it gets
  // to it, and its Message comes due (the runner starts with the page, sometimes before this line).
  await expect(contacts.stepIndicators(second)).toHaveCount(2);
  await expect(contacts.stepIndicators(second).first()).toHaveAttribute(
    'data-state',
    /InQueue|InProgress|Succeed/,
  );
  await expect(contacts.stepIndicators(second).nth(1)).toHaveAttribute('data-state', 'NotStarted');
  await expect(contacts.stepIndicators(second).first()).toContainText('1. Connect');
  await contacts.screenshot('campaign-contacts-running-1024');
  await contacts.expectAccessible();

  // The search narrows the list; the selection bar counts what is picked.
  await contacts.grid.search(first);
  await expect(contacts.grid.rows()).toHaveCount(1);
  await contacts.grid.search('');
  await contacts.grid.expectTotal('4 contacts');

  // Exclude two with the preview (a started campaign asks it first); the draft's notice has gone.
  await shell.expectNoticeGone('Contacts are excluded');
  await contacts.grid.row(second).getByRole('checkbox').check();
  await contacts.grid.row(third).getByRole('checkbox').check();
  await expect(contacts.selectionBar()).toContainText('2 of 4 selected |');
  await contacts.action('Exclude').click();
  await expect(contacts.excludeDialog()).toContainText('Exclude 2 contacts from “Contacts journey”?');
  await contacts.answer(contacts.excludeDialog(), 'Yes');
  await shell.expectNotice('Contacts are excluded');
  await contacts.grid.expectTotal('2 contacts');

  // Complete one: its queued actions are cancelled.
  const firstMenu = await contacts.grid.openRowMenu(first);
  await contacts.grid.rowMenuItem(firstMenu, 'Complete').click();
  await contacts.answer(contacts.grid.completeDialog(), 'Yes');
  await shell.expectNotice('Conversation is cancelled');
  await expect(contacts.status(first)).toContainText('Cancelled by you');

  // The State and Status filters narrow the rows to the executions that match, and the tags take
  // them off again. The other contact's Connect is queued or under way: not Cancelled.
  await contacts.filterBy('State', ['Cancelled']);
  await expect(contacts.grid.filterTags()).toContainText('State: Cancelled');
  await expect(contacts.grid.rows()).toHaveCount(1);
  await expect(contacts.grid.row(first)).toBeVisible();
  await contacts.grid.expectTotal('1 contact');
  await contacts.removeFilterTag('State: Cancelled');
  await contacts.grid.expectTotal('2 contacts');
  await expect(contacts.grid.rows()).toHaveCount(2);
  // Nobody has withdrawn or left a message unanswered yet.
  await contacts.filterBy('Status', ['Withdrawn', 'Not responded']);
  await expect(contacts.grid.filterTags()).toContainText('Status: Withdrawn');
  await expect(page.getByTestId('contacts-grid').getByText('No contacts found')).toBeVisible();
  await contacts.grid.expectTotal('0 contacts');
  // Both filters chosen: both must hold. Cancelled with no Status chosen is the first contact again.
  await contacts.filterBy('State', ['Cancelled']);
  await contacts.grid.expectTotal('0 contacts');
  await contacts.removeFilterTag('Status: Withdrawn');
  await contacts.removeFilterTag('Status: Not responded');
  await contacts.grid.expectTotal('1 contact');
  await expect(contacts.grid.row(first)).toBeVisible();
  await contacts.removeFilterTag('State: Cancelled');
  await contacts.grid.expectTotal('2 contacts');

  // A column renamed from 'Columns' keeps its title after a reload (remembered per grid).
  await contacts.renameColumn('Location', 'City');
  await expect(contacts.columnHeader('location')).toHaveText('City');
  await page.reload();
  await expect(contacts.columnHeader('location')).toHaveText('City');
  await expect(page.getByRole('separator', { name: 'Resize City' })).toBeVisible();

  // Exclude with a preview that keeps one: a runner holds a contact's activity. The contacts
  // excluded before come back, their Connects due; with the app closed (so its in-page agent claims
  // nothing), the clock passes the pace's gap and another runner claims one activity.
  await contacts.addMoreContacts().click();
  await contacts.addAllShownContacts();
  await contacts.grid.expectTotal('5 contacts');
  const token = await appAccessToken(page);
  await page.goto('about:blank');
  expect((await request.post('/api/test/clock/advance', { data: { milliseconds: 9 * 60_000 } })).ok()).toBe(
    true,
  );
  const claim = await request.post('/automation/v1/activities/claim', {
    headers: { authorization: `Bearer ${token}` },
    data: { runner_id: 'e2e-another-runner', max: 1, lease_seconds: 600 },
  });
  expect(claim.ok(), await claim.text()).toBe(true);
  const [held] = claimActivitiesResponseSchema.parse(await claim.json()).activities;
  if (!held) throw new Error('Another runner found no activity to claim');
  const heldName = `${held.target.first_name} ${held.target.last_name}`;
  // Queue order decides which: the last original contact's Connect, or a returning one's.
  const returning = [second, third, fourth].filter((name) => name !== heldName);
  const [excluded = '', waiting = ''] = returning;
  await page.goto(`${campaignUrl}/contacts`);
  await contacts.grid.row(heldName).getByRole('checkbox').check();
  await contacts.grid.row(excluded).getByRole('checkbox').check();
  await contacts.action('Exclude').click();
  await expect(contacts.excludeDialog()).toContainText(
    "1 — Contacts with an action in progress can't be excluded",
  );
  await expect(contacts.excludeDialog()).toContainText(
    'Will exclude 1 contact, 1 will not be excluded, proceed?',
  );
  await contacts.answer(contacts.excludeDialog(), 'Confirm');
  await shell.expectNotice('Contacts are excluded');
  await contacts.grid.expectTotal('4 contacts');
  await expect(contacts.grid.row(heldName)).toBeVisible();
  // That runner gives the activity back (a transient failure): it is queued again, not left held.
  const released = await request.post(`/automation/v1/activities/${held.activity_id}/report`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      attempt: held.attempt,
      idempotency_key: `e2e-another-runner-${held.activity_id}`,
      outcome: 'error',
      error: { name: 'BadGateway', message: 'The runner stopped', transient: true },
    },
  });
  expect(released.ok(), await released.text()).toBe(true);

  // The queue lists what is left to do, when; outside working hours it says so.
  const queue = new ActivitiesQueuePage(page);
  await queue.goto();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activities queue');
  const [remaining] = names.filter((name) => ![first, second, third, fourth].includes(name));
  // The in-page agent may already have sent the invitation: then its Message is what is queued.
  await expect(queue.row(remaining ?? '')).toContainText(/Connect|Message/);
  await expect(queue.row(remaining ?? '')).toContainText('Contacts journey');
  await expect(queue.row(first)).toHaveCount(0);
  // A due Connect behind the held one waits for the pace's gap: said as such.
  await expect(queue.row(waiting)).toContainText('Waits its turn: actions are spaced out');
  // The row menu by keyboard: Enter opens it on its first item, the arrows move, Escape gives the
  // focus back to the row's button.
  const rowActions = queue.rowActions(remaining ?? '');
  await rowActions.focus();
  await page.keyboard.press('Enter');
  const queueMenu = queue.rowMenu();
  await expect(queueMenu.getByRole('menuitem', { name: 'Show step details' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(queueMenu.getByRole('menuitem', { name: 'Open profile' })).toBeFocused();
  await expect(queueMenu.getByRole('menuitem', { name: 'Open campaign' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(queueMenu).toBeHidden();
  await expect(rowActions).toBeFocused();
  await contacts.expectAccessible();
  // Ten hours on: Monday 20:00, after the working day.
  const advanced = await request.post('/api/test/clock/advance', {
    data: { milliseconds: 10 * 3600 * 1000 },
  });
  expect(advanced.ok()).toBe(true);
  // The access token ran out on the same clock; the app refreshes it (a refresh token lasts 30
  // days), so ten hours later the user is still signed in.
  await page.goto('/activities-queue');
  await shell.expectLoaded();
  await expect(queue.banner('The activities will starts upon your working hours')).toBeVisible();
  // Each row says why it waits, by the claim's own rule.
  await expect(queue.row(remaining ?? '')).toContainText('Outside working hours, starts');
  await contacts.screenshot('activities-queue-1024');
  // Nothing stretches the page sideways at 1024 px (a hidden header label once made it 1,986 px wide).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1024, height: 800 });

  // The CRM settings save against the sandbox HubSpot portal and read back.
  await page.goto(campaignUrl);
  await page.getByRole('link', { name: 'CRM settings' }).click();
  const crm = new CrmSettingsPage(page);
  await crm.choose('Source', 'Referral');
  await crm.choose('Source', 'Event');
  await crm.choose('Sub Source', 'InMail');
  await contacts.expectAccessible();
  await crm.save();
  await page.goto(`${campaignUrl}/hubspot`);
  await expect(crm.chosenSources()).toHaveText(['Referral', 'Event']);
  await expect(crm.subSource()).toHaveValue('InMail');
  await contacts.screenshot('crm-settings-1024');

  // Another workspace's or an unknown campaign: the not-found view.
  await page.goto('/campaigns/00000000-0000-4000-8000-000000000000/contacts');
  await expect(page.getByRole('link', { name: 'Go home' })).toBeVisible();
});
