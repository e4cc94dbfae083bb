import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { DevMailboxPage, TeamMembersPage } from '../pages/team-pages.ts';
import type { E2eAccount } from './accounts.ts';

/** Signs in from the access gate the page is at, through the development identity provider. */
export async function signIn(page: Page, account: E2eAccount) {
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(account.email, account.name);
}

/**
 * An owner whose plan already includes teams signs in at /team/members and invites the invitee,
 * who accepts the mailed link in a browser context of their own (left open, signed in).
 */
export async function teamWithMember(
  page: Page,
  browser: Browser,
  owner: E2eAccount,
  invitee: E2eAccount,
): Promise<{ memberPage: Page; memberContext: BrowserContext }> {
  await page.goto('/team/members');
  await signIn(page, owner);
  await new ShellPage(page).expectLoaded();
  await expect(page.getByRole('heading', { name: 'Welcome to teams' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite new member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite new member' });
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByRole('button', { name: 'Invite member' }).click();
  await expect(dialog).toBeHidden();
  const link = await new DevMailboxPage(page).invitationLinkFor(invitee.email);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(link);
  await signIn(memberPage, invitee);
  await expect(memberPage.getByRole('heading', { name: 'Congratulations!' })).toBeVisible();
  await new TeamMembersPage(page).open();
  return { memberPage, memberContext };
}
