import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import type { E2eAccount } from '../support/accounts.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';

async function signInAt(page: Page, path: string, account: E2eAccount) {
  await page.goto(path);
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
  await new ShellPage(page).expectLoaded();
}

async function seedCampaign(
  request: APIRequestContext,
  data: { personaId: string; name: string; state: string; pauseReason?: string },
): Promise<string> {
  const response = await request.post('/__e2e/campaigns', { data });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

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
