import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { CampaignDetailPage } from '../pages/campaign-detail-page.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { StepsEditorPage } from '../pages/steps-editor-page.ts';
import { appAccessToken } from '../support/app-access-token.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { seedCampaign } from '../support/seed-campaign.ts';
import { signInAt } from '../support/sign-in.ts';

test('creates a campaign from the empty list, finds it, and archives and unarchives it', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'campaign-list', 0);
  await signInAt(page, '/campaigns', account);
  const campaigns = new CampaignsPage(page);
  await expect(campaigns.heading()).toHaveText('Campaigns');
  await expect(page.getByText('Ready to start?')).toBeVisible();
  await campaigns.screenshot('list-empty-1024');

  // 'Create now' opens the same modal; Cancel leaves nothing behind.
  await page.getByRole('button', { name: 'Create now' }).click();
  await page.getByRole('dialog', { name: 'Create campaign' }).getByRole('button', { name: 'Cancel' }).click();

  await campaigns.create('Spring outreach');
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}\/tune$/);
  await new ShellPage(page).expectNotice('Campaign is created');
  await expect(campaigns.recentlyCreated().getByRole('link', { name: 'Spring outreach' })).toBeVisible();

  await campaigns.sideMenu().getByRole('link', { name: 'All campaigns' }).click();
  await expect(campaigns.row('Spring outreach')).toContainText('draft');
  await expect(campaigns.row('Spring outreach')).toContainText('...');
  await campaigns.screenshot('list-1024');
  await campaigns.expectAccessible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to CSV' }).click();
  const download = await downloading;
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain('Spring outreach');

  await campaigns.search('autumn');
  await expect(page.getByText('Ooops… Nothing was found!')).toBeVisible();
  await expect(
    page.getByText('Please, change your search query or status filter to get results.'),
  ).toBeVisible();
  await campaigns.search('spring');
  await expect(campaigns.row('Spring outreach')).toBeVisible();
  await campaigns.filterStatus('active');
  await expect(page.getByText('Ooops… Nothing was found!')).toBeVisible();
  await campaigns.filterStatus('draft');
  await expect(campaigns.row('Spring outreach')).toBeVisible();

  await campaigns.rowAction('Spring outreach', 'Archive').click();
  await campaigns.confirm('Archive campaign');
  await new ShellPage(page).expectNotice('Campaign is archived');
  await expect(page.getByText('Ooops… Nothing was found!')).toBeVisible();

  await campaigns.sideMenu().getByRole('link', { name: 'Archive' }).click();
  await expect(campaigns.heading()).toHaveText('Archive');
  await expect(page.getByRole('button', { name: 'Add campaign' })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search campaigns' })).toHaveCount(0);
  await campaigns.expectAccessible();
  await campaigns.rowAction('Spring outreach', 'Unarchive').click();
  await expect(page.getByText('There are no archived campaigns.')).toBeVisible();
  await campaigns.sideMenu().getByRole('link', { name: 'All campaigns' }).click();
  await expect(campaigns.row('Spring outreach')).toBeVisible();
});

test('a campaign paused by the network shows the lock and its tip, and its row does not open', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'campaign-lock', 0);
  await seedCampaign(request, {
    personaId: account.personaId,
    name: 'Locked by the network',
    state: 'Stopped',
    pauseReason: 'TooLongInvitationMessage',
  });
  await seedCampaign(request, {
    personaId: account.personaId,
    name: 'Paused by me',
    state: 'Stopped',
    pauseReason: 'User',
  });
  await signInAt(page, '/campaigns', account);
  const campaigns = new CampaignsPage(page);
  const locked = campaigns.row('Locked by the network');
  const lock = locked.getByRole('img', { name: /invitation note is too long/ });
  await expect(lock).toBeVisible();
  await expect(locked.getByRole('link')).toHaveCount(0);
  await locked.getByText('Locked by the network').click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await lock.focus();
  await expect(page.getByRole('tooltip')).toContainText('Shorten the note');
  await page.keyboard.press('Tab');
  await expect(campaigns.row('Paused by me').getByRole('img')).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await campaigns.screenshot('list-390');
  // At 390 px the row's actions stay in sight beside the name.
  await expect(campaigns.rowAction('Paused by me', 'Run')).toBeInViewport();
  await campaigns.expectAccessible();
  await campaigns.row('Paused by me').getByRole('link', { name: 'Paused by me' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
});

test('builds a 3-step sequence with a placeholder, adds contacts, launches through the preview and controls the campaign', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await createAccountWithContacts(request, 'campaign-build', 3);
  await signInAt(page, '/campaigns', account);
  const campaigns = new CampaignsPage(page);
  const shell = new ShellPage(page);
  await campaigns.create('Three steps');
  await expect(page).toHaveURL(/\/tune$/);
  const campaignUrl = page.url().replace(/\/tune$/, '');

  const editor = new StepsEditorPage(page);
  await editor.addAction('Connect');
  await editor.addAction('Message');
  await editor.addAction('Message');
  await editor.text(1, 'Invitation note (optional)').fill('Hi {nickname}, ');
  await editor.expectWarning(1, '{nickname} is not supported');
  await editor.text(1, 'Invitation note (optional)').fill('Hi ');
  await editor.insertPlaceholder(1, 'First Name');
  await expect(editor.text(1, 'Invitation note (optional)')).toHaveValue('Hi {first_name}');
  await editor.text(1, 'Invitation note (optional)').fill('x'.repeat(291));
  await editor.expectWarning(1, 'Too long message');
  await editor.text(1, 'Invitation note (optional)').fill('Hi {first_name}, glad to connect.');
  await editor.save();
  await editor.expectWarning(2, 'Enter your message');
  await expect(page.getByText('Please fix all warnings').first()).toBeVisible();
  await editor.text(2, 'Message').fill('Thanks for connecting, {first_name}!');
  await editor.text(3, 'Message').fill('Any thoughts, {first_name}?');
  await editor.timerPart(3, 'Delay: wait for a reply', 'Days').fill('0');
  await editor.expectWarning(3, 'Must be at least 1440 minutes');
  await editor.timerPart(3, 'Delay: wait for a reply', 'Days').fill('7');
  await page.setViewportSize({ width: 390, height: 844 });
  await campaigns.screenshot('editor-390');
  await campaigns.expectAccessible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await editor.save();
  // §2: saved while steps can still be added, the user goes on to the campaign's contacts.
  await expect(page).toHaveURL(/\/contacts$/);

  // Contacts come from the contacts screen's Add to campaign.
  await page.goto('/contacts');
  const contacts = new ContactsPage(page);
  await contacts.expectTotal('3 contacts');
  await contacts.tickPage();
  await contacts.action('Add to campaign').click();
  await contacts
    .chooseCampaignDialog()
    .getByRole('button', { name: /Three steps/ })
    .click();
  await contacts.chooseCampaignDialog().getByRole('button', { name: 'Continue' }).click();
  await contacts.audiencePreviewDialog().getByRole('button', { name: 'Confirm' }).click();
  await shell.expectNotice('Contacts are added');

  await page.goto(campaignUrl);
  const detail = new CampaignDetailPage(page);
  await expect(detail.contactsCount()).toHaveText('3');
  await expect(detail.steps()).toContainText('1. Connect');
  await expect(detail.steps()).toContainText('Delay: 30 minutes');
  await expect(detail.steps()).toContainText('Delay: 7 days');
  await campaigns.screenshot('detail-draft-1024');
  await campaigns.expectAccessible();

  await detail.action('Run').click();
  await expect(detail.dialog('Launch now')).toContainText('queue for 3 contacts');
  await detail.answer('Launch now', 'Yes');
  await shell.expectNotice('Campaign is launched');
  await expect(detail.status()).toHaveText('active');

  await detail.action('Stop').click();
  await shell.expectNotice('Campaign is paused');
  await expect(detail.status()).toHaveText('paused (paused by you)');
  await detail.action('Run').click();
  await shell.expectNotice('Campaign is resumed');
  await expect(detail.status()).toHaveText('active');

  // Rename on Enter.
  await detail.nameField().fill('Three steps, renamed');
  await detail.nameField().press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Three steps, renamed');

  await detail.action('Complete').click();
  await detail.answer('Cancel campaign', 'Yes');
  await shell.expectNotice('Campaign is cancelled');
  await expect(detail.status()).toHaveText('completed');
  await expect(detail.action('Run')).toBeDisabled();

  await detail.action('Clone').click();
  await detail.answer('Clone campaign', 'Yes');
  await shell.expectNotice('Campaign is cloned');
  await expect(page).toHaveURL(/\/tune$/);
  await expect(editor.text(1, 'Invitation note (optional)')).toHaveValue('Hi {first_name}, glad to connect.');

  await page.goto(campaignUrl);
  await detail.action('Archive').click();
  await detail.answer('Archive campaign', 'Yes');
  await shell.expectNotice('Campaign is archived');
  await expect(detail.action('Unarchive')).toBeEnabled();

  await page.goto('/campaigns/00000000-0000-4000-8000-000000000000');
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
});

test('the start preview refuses contacts already in another active campaign: some, then all of them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createAccountWithContacts(request, 'campaign-refusals', 3);
  await signInAt(page, '/campaigns', account);
  const shell = new ShellPage(page);
  // The signed-in app's own token, kept by the agent in the page.
  const accessToken = () => appAccessToken(page);
  const api = async (method: string, path: string, data?: unknown) => {
    const response = await request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok(), `${method} ${path} answered ${response.status()} ${await response.text()}`).toBe(
      true,
    );
    return response.status() === 204 ? undefined : response.json();
  };
  const contacts = (await api('GET', '/contacts/page?$orderby=imported%20asc')) as {
    documents: { id: string }[];
  };
  const ids = contacts.documents.map((contact) => contact.id);
  expect(ids).toHaveLength(3);
  const idsFilter = (chosen: string[]) => `id in (${chosen.map((id) => `'${id}'`).join(', ')})`;
  // A Message after the Connect keeps an execution active even if the invitation is skipped.
  const steps = [
    { type: 'Connect' },
    { type: 'Message', message_template: 'Thanks, {first_name}!', timeout: 4320 },
  ];
  const draft = async (name: string, chosen: string[]) => {
    const campaign = (await api('POST', '/campaigns', { name })) as { id: string };
    await api('PUT', `/campaigns/${campaign.id}/update_steps`, { steps });
    await api('PUT', `/campaigns/${campaign.id}/target_audience`, { filter: idsFilter(chosen) });
    return campaign.id;
  };

  // Two of the three contacts are already running in another campaign.
  const busy = await draft('Already running', ids.slice(0, 2));
  await api('PUT', `/campaigns/${busy}/run`);
  const overlap = await draft('Overlap', ids);
  const allBusy = await draft('All busy', ids.slice(0, 2));

  const detail = new CampaignDetailPage(page);
  await page.goto(`/campaigns/${allBusy}`);
  await detail.action('Run').click();
  const refused = detail.dialog('Sorry, the system can’t run this campaign');
  await expect(refused).toContainText('2 — Contacts that are already in another active campaign');
  await expect(refused).toContainText('Please change your contacts or campaign steps');
  await detail.answer('Sorry, the system can’t run this campaign', 'Ok');
  await expect(detail.status()).toHaveText('draft');

  await page.goto(`/campaigns/${overlap}`);
  await detail.action('Run').click();
  const partly = detail.dialog('Sorry, the system can’t process some of the contacts');
  await expect(partly).toContainText('2 — Contacts that are already in another active campaign');
  await expect(partly).toContainText('The system will process 1 contacts');
  // Cancel changes nothing; Confirm launches with the one contact it can process.
  await detail.answer('Sorry, the system can’t process some of the contacts', 'Cancel');
  await expect(detail.status()).toHaveText('draft');
  await detail.action('Run').click();
  await detail.answer('Sorry, the system can’t process some of the contacts', 'Confirm');
  await shell.expectNotice('Campaign is launched');
  await expect(detail.status()).toHaveText('active');
  await expect(detail.contactsCount()).toHaveText('1');
});
