import {
  clockResponseSchema,
  type NetworkProfile,
  sandboxActivitySchema,
  sandboxSearchFacetsSchema,
  sandboxSearchResponseSchema,
  sandboxSessionResponseSchema,
} from '@outpilot/contracts';
import { decideAcceptance, defaultBehaviourOptions, type Person } from '@outpilot/sandbox';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { AccountPage } from '../pages/account-page.ts';
import { ActivitiesQueuePage } from '../pages/activities-queue-page.ts';
import { HostedPaymentPage, testCards, UpgradePage } from '../pages/billing-pages.ts';
import { CampaignContactsPage } from '../pages/campaign-contacts-page.ts';
import { CampaignDetailPage } from '../pages/campaign-detail-page.ts';
import { CampaignsPage } from '../pages/campaigns-page.ts';
import { ContactsImportWizard } from '../pages/contacts-import-wizard.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { StepsEditorPage } from '../pages/steps-editor-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { e2eCloudProxy, e2eLinkedInFacadeUrl, e2eLinkedInServerUrl } from '../support/e2e-server-url.ts';
import { launchWithExtension } from '../support/extension-context.ts';
import { tabTo } from '../support/keyboard.ts';
import { firstReplyDelayMs, personOf, sandboxPopulation, sandboxSeed } from '../support/network-draws.ts';
import { moveToNextMondayMorning } from '../support/virtual-clock.ts';

// The product with NETWORK=linkedin, its extension's LinkedIn adapter pointed at the sandbox
// network's LinkedIn facade: the real adapter on the sandbox's own state, signed in with cookies.
const sandboxApi = `${e2eLinkedInServerUrl}/sandbox/api`;
test.use({ baseURL: e2eLinkedInServerUrl });

/** The sandbox member an e-mail signs in as, read through the sandbox's own dialect. */
async function memberOf(email: string): Promise<{ profile: NetworkProfile; session: string }> {
  const response = await fetch(`${sandboxApi}/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const { profile, sessionId } = sandboxSessionResponseSchema.parse(await response.json());
  return { profile, session: sessionId };
}

/** A people search link that finds a handful of 2nd-degree members: a short import at LinkedIn's pace. */
async function smallSearchFor(session: string): Promise<{ url: string; total: number }> {
  const headers = { 'x-sandbox-session': session };
  const facets = sandboxSearchFacetsSchema.parse(
    await (await fetch(`${sandboxApi}/search/facets`, { headers })).json(),
  );
  // A company alone finds 10-30 of a member's 2nd degree; with a location, a few: which member the
  // e-mail signs in as varies from run to run, so both are tried.
  const list = (ids: string[]) => `%5B${ids.map((id) => `%22${id}%22`).join('%2C')}%5D`;
  const candidates = facets.companies.flatMap((company) => [
    `currentCompany=${list([company.id])}`,
    ...facets.locations
      .slice(0, 3)
      .map((location) => `currentCompany=${list([company.id])}&geoUrn=${list([location.id])}`),
  ]);
  for (const filters of candidates) {
    const url = `https://www.linkedin.com/search/results/people/?${filters}&network=%5B%22S%22%5D&origin=FACETED_SEARCH`;
    const response = await fetch(`${sandboxApi}/search/people?url=${encodeURIComponent(url)}&count=1`, {
      headers,
    });
    if (!response.ok) continue;
    const { total } = sandboxSearchResponseSchema.parse(await response.json());
    if (total >= 3 && total <= 12) return { url, total };
  }
  throw new Error('No small search on the sandbox network');
}

/** What the network recorded for the member, read through the sandbox's own dialect. */
async function networkActivityOf(session: string) {
  const response = await fetch(`${sandboxApi}/activity`, { headers: { 'x-sandbox-session': session } });
  return sandboxActivitySchema.parse(await response.json());
}

async function advanceClock(request: APIRequestContext, milliseconds: number) {
  expect((await request.post('/api/test/clock/advance', { data: { milliseconds } })).ok()).toBe(true);
}

/** Moves the clock a quarter of an hour at a time (the persona's pace) until the network shows it. */
async function stepClockUntil(request: APIRequestContext, done: () => Promise<boolean>, what: string) {
  for (let step = 0; step < 12; step += 1) {
    if (await done()) return;
    await advanceClock(request, 15 * 60 * 1000);
    await expect
      .poll(done, { timeout: 20_000 })
      .toBe(true)
      .catch(() => undefined);
  }
  expect(await done(), what).toBe(true);
}

/** Signs in at the network's own sign-in page, as a browser is signed in to linkedin.com (cookies). */
async function signInAtNetwork(page: Page, email: string) {
  await page.goto(`${e2eLinkedInFacadeUrl}/login`);
  await page.getByLabel('Public identifier or e-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${e2eLinkedInFacadeUrl}/feed/`);
}

/** A new Outpilot user: sign-in, the network member linked as the extension reads it, onboarding. */
async function signUpAndLink(page: Page, memberName: string) {
  const onboarding = new OnboardingPage(page);
  await page.goto(`${e2eLinkedInServerUrl}/`);
  await onboarding.expectSignInStep();
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(uniqueEmail('facade-user'), 'Facade User');
  await onboarding.expectLinkAccountStep();
  // The member comes from the network, read by the extension's LinkedIn adapter.
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = onboarding.linkDialog();
  await expect(dialog.getByText(memberName)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Link' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await onboarding.expectTimezoneStep();
  await onboarding.chooseTimezone('GMT+02:00');
  await onboarding.expectWorkingHoursStep('GMT+02:00');
  await onboarding.finish();
}

test('signs in at the network, links the member, imports a search, and asks for the right account when signed out or signed in as another', async ({
  request,
}) => {
  // LinkedIn's pace (2-5 s a request) makes the import take tens of seconds; a loaded machine several times that.
  test.setTimeout(300_000);
  await moveToNextMondayMorning(request);
  const email = uniqueEmail('facade');
  const { profile: member, session } = await memberOf(email);
  const memberName = `${member.firstName} ${member.lastName}`;
  const browser = await launchWithExtension(e2eLinkedInServerUrl, e2eLinkedInFacadeUrl);
  try {
    const page = await browser.context.newPage();
    await signInAtNetwork(page, email);
    await signUpAndLink(page, memberName);

    // An import from a search link, paged by the adapter on the facade at LinkedIn's pace.
    const search = await smallSearchFor(session);
    const contacts = new ContactsPage(page);
    const wizard = new ContactsImportWizard(page);
    await contacts.openImportWizard();
    await wizard.chooseSource('Basic network search');
    await wizard.enterUrl('Basic network search', search.url);
    await expect(wizard.dialog().getByText(`${search.total} profiles found`)).toBeVisible({
      timeout: 30_000,
    });
    await wizard.next();
    await wizard.expectCompleted();
    await wizard.showResults();
    await expect(contacts.rows().first()).toBeVisible();

    // Signed out of the network: the network sources ask to sign in as the linked member.
    await page.goto(`${e2eLinkedInFacadeUrl}/logout`);
    await page.goto(`${e2eLinkedInServerUrl}/contacts`);
    await contacts.openImportWizard();
    await expect(wizard.dialog().getByRole('radio', { name: 'Basic network search' })).toBeDisabled();
    await expect(
      wizard.dialog().getByLabel(`Please, sign in at LinkedIn as ${memberName} to proceed.`).first(),
    ).toBeVisible();

    // Signed in as another member: the queue warns that activities cannot run with this account.
    await signInAtNetwork(page, uniqueEmail('someone-else'));
    const queue = new ActivitiesQueuePage(page);
    const warning = queue.banner(
      'Your browser is not signed in to LinkedIn with the account linked to Outpilot',
    );
    await page.goto(`${e2eLinkedInServerUrl}/activities-queue`);
    await expect(warning).toBeVisible({ timeout: 30_000 });
    // Back as the linked member, the warning goes.
    await signInAtNetwork(page, email);
    await page.goto(`${e2eLinkedInServerUrl}/activities-queue`);
    await expect(page.getByRole('heading', { name: 'Activities queue' })).toBeVisible();
    await expect(warning).toBeHidden({ timeout: 30_000 });
  } finally {
    await browser.close();
  }
});

/**
 * Two visible 2nd-degree members of the network who, by the network's own draws, accept an
 * invitation within four hours and answer a first message within twelve: the campaign's
 * contacts. The draws depend on who sends and who receives, not on luck at run time, so the journey
 * waits for nothing that may never come. The delays move a little with the send time (people
 * answer in their waking hours), which the journey does not fix: the draws must hold for any send
 * in the few hours after `from`.
 */
function twoToInvite(member: Person, from: Date): Person[] {
  const population = sandboxPopulation();
  const degrees = population.graph.degreesFrom(member.index);
  const hours = (count: number) => count * 3600_000;
  const quickly = (person: Person, sentAt: Date) => {
    const acceptAt = decideAcceptance({
      seed: sandboxSeed,
      options: defaultBehaviourOptions,
      sender: member,
      invitee: person,
      attempt: 0,
      hasNote: false,
      degree: 'SECOND',
      sentAt,
    });
    if (!acceptAt || acceptAt.getTime() - sentAt.getTime() > hours(4)) return false;
    // The message goes out within an hour or so of the acceptance.
    const replyDelay = firstReplyDelayMs(member, person, new Date(acceptAt.getTime() + hours(1)));
    return replyDelay !== null && replyDelay < hours(12);
  };
  return population.people
    .filter((person) => person.isVisible && degrees[person.index] === 'SECOND')
    .filter((person) =>
      [0, 1, 2, 3].every((offset) => quickly(person, new Date(from.getTime() + hours(offset)))),
    )
    .slice(0, 2);
}

test('a two-step campaign runs on the sandbox through the LinkedIn adapter: invitations, the network session lost mid-campaign and found again, acceptances, messages and a reply, nothing performed twice', async ({
  request,
}) => {
  // Each activity is a few LinkedIn calls at 2-5 s, one per quarter of an hour of the clock; the
  // extension syncs connections and conversations once a minute; a loaded machine is slower.
  test.setTimeout(480_000);
  const monday = await moveToNextMondayMorning(request);
  const advance = (milliseconds: number) => advanceClock(request, milliseconds);
  const stepUntil = (done: () => Promise<boolean>, what: string) => stepClockUntil(request, done, what);
  const email = uniqueEmail('facade-campaign');
  const { profile, session } = await memberOf(email);
  const member = personOf(profile.publicIdentifier);
  const contactsToBe = twoToInvite(member, monday);
  expect(contactsToBe).toHaveLength(2);
  const networkActivity = () => networkActivityOf(session);
  const networkCounts = async () => (await networkActivity()).counts;

  const browser = await launchWithExtension(e2eLinkedInServerUrl, e2eLinkedInFacadeUrl);
  try {
    const page = await browser.context.newPage();
    await signInAtNetwork(page, email);
    await signUpAndLink(page, `${member.firstName} ${member.lastName}`);

    // The two members, as pasted profile links, looked up by the adapter.
    const contacts = new ContactsPage(page);
    const wizard = new ContactsImportWizard(page);
    await contacts.openImportWizard();
    await wizard.importProfileLinks(contactsToBe.map((person) => person.publicIdentifier));
    await wizard.showResults();

    // Invite, then a message once connected.
    await page.goto(`${e2eLinkedInServerUrl}/campaigns`);
    await new CampaignsPage(page).create('Through the adapter');
    const editor = new StepsEditorPage(page);
    await editor.addAction('Connect');
    await editor.addAction('Message');
    await editor.text(2, 'Message').fill('Thanks for connecting, {first_name}!');
    await editor.save();
    await expect(page).toHaveURL(/\/contacts$/);
    const campaignUrl = page.url().replace(/\/contacts$/, '');
    const campaignContacts = new CampaignContactsPage(page);
    /**
     * Reloads the campaign's contacts until a contact's step shows `text`. The rows come a moment
     * after each reload (the page's code and two API calls): the indicator is waited for, then read.
     */
    const expectStepAfterReloads = async (person: Person, index: number, text: string) => {
      const indicator = campaignContacts.stepIndicators(`${person.firstName} ${person.lastName}`).nth(index);
      await expect(async () => {
        await page.reload();
        await expect(indicator).toBeVisible({ timeout: 15_000 });
        await expect(indicator).toContainText(text, { timeout: 1_000 });
      }).toPass({ timeout: 150_000, intervals: [5_000] });
    };
    await campaignContacts.launchPrompt().getByRole('button', { name: 'Add more contacts' }).click();
    await campaignContacts.addAllShownContacts();
    await campaignContacts.grid.expectTotal('2 contacts');
    await campaignContacts.launchPrompt().getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog', { name: 'Launch now' }).getByRole('button', { name: 'Yes' }).click();
    await expect(campaignContacts.launchPrompt()).toBeHidden();

    // The first invitation goes out through the extension's adapter.
    await stepUntil(async () => (await networkCounts()).invitationsSent >= 1, 'the first invitation');
    // One activity per quarter of an hour at the persona's pace: the second is still to come.
    expect((await networkCounts()).invitationsSent).toBe(1);

    // The network session ends mid-campaign (the cookie stays, the network no longer knows it): the
    // next activity answers NotAuthenticated and the campaign pauses, nothing performed.
    const liAt = (await browser.context.cookies(e2eLinkedInFacadeUrl)).find(
      (cookie) => cookie.name === 'li_at',
    );
    expect(liAt).toBeDefined();
    await fetch(`${sandboxApi}/session`, {
      method: 'DELETE',
      headers: { 'x-sandbox-session': liAt?.value ?? '' },
    });
    const detail = new CampaignDetailPage(page);
    await page.goto(campaignUrl);
    await stepUntil(async () => {
      await page.reload();
      return (await detail.status().textContent())?.includes('signed out of the network') ?? false;
    }, 'the campaign paused for the lost session');
    await expect(detail.status()).toHaveText('paused (signed out of the network)');
    expect((await networkCounts()).invitationsSent).toBe(1);

    // Signed in again, the user resumes it: the rest is performed once.
    await signInAtNetwork(page, email);
    await page.goto(campaignUrl);
    await detail.action('Run').click();
    await expect(detail.status()).toHaveText('active');
    await stepUntil(async () => (await networkCounts()).invitationsSent === 2, 'both invitations');
    // The network's people accept on its clock (the draws chose two who do within hours): moved a
    // quarter of an hour at a time, the network alone answers, the extension is not waited for.
    for (let step = 0; step < 20 && (await networkCounts()).invitationsAccepted < 2; step += 1)
      await advance(15 * 60 * 1000);
    expect((await networkCounts()).invitationsAccepted).toBe(2);
    // The extension's connections sync (once a minute) moves both contacts on: 'Connected'.
    await page.goto(`${campaignUrl}/contacts`);
    for (const person of contactsToBe) await expectStepAfterReloads(person, 0, '1. Connect: Connected');

    // The Message step, sent through the adapter's messenger call (JSON as text/plain) once each,
    // in the persona's working hours (09:00-19:00 at GMT+02:00): late in the day, the next morning.
    const clockNow = new Date(
      clockResponseSchema.parse(await (await request.get('/api/test/clock')).json()).now,
    );
    if (clockNow.getUTCHours() >= 15) {
      const nextMorning = new Date(clockNow);
      nextMorning.setUTCDate(nextMorning.getUTCDate() + 1);
      nextMorning.setUTCHours(7, 15, 0, 0);
      await advance(nextMorning.getTime() - clockNow.getTime());
    }
    await stepUntil(async () => (await networkCounts()).messagesSent === 2, 'both messages');
    // A reply comes on the network's clock; the extension's conversations sync brings it in.
    const replierNow = async () => {
      const { messages } = await networkActivity();
      return contactsToBe.find((person) =>
        messages.some((message) => message.direction === 'received' && message.entityId === person.entityId),
      );
    };
    for (let step = 0; step < 56 && !(await replierNow()); step += 1) await advance(15 * 60 * 1000);
    const replier = await replierNow();
    if (!replier) throw new Error('No reply from a contact');
    await expectStepAfterReloads(replier, 1, '2. Message: Responded');

    // Nothing was performed twice on the network: one invitation and one message to each contact.
    const activity = await networkActivity();
    expect(activity.invitations.map((invitation) => invitation.entityId).sort()).toEqual(
      contactsToBe.map((person) => person.entityId).sort(),
    );
    expect(
      activity.messages
        .filter((message) => message.direction === 'sent')
        .map((message) => message.entityId)
        .sort(),
    ).toEqual(contactsToBe.map((person) => person.entityId).sort());
  } finally {
    await browser.close();
  }
});

test('cloud automation: only after the consent does the extension hand the LinkedIn session over; the server then runs the campaign through the proxy of the user’s country with the browser closed', async ({
  request,
}) => {
  // The campaign's one invitation: a few LinkedIn calls at 2-5 s, a quarter of an hour of the clock at a time.
  test.setTimeout(300_000);
  await moveToNextMondayMorning(request);
  const email = uniqueEmail('facade-cloud');
  const { profile, session } = await memberOf(email);
  const population = sandboxPopulation();
  const member = personOf(profile.publicIdentifier);
  const degrees = population.graph.degreesFrom(member.index);
  const contact = population.people.find((person) => person.isVisible && degrees[person.index] === 'SECOND');
  if (!contact) throw new Error('The member has no visible 2nd-degree member');
  const proxiedHosts = async () =>
    z
      .object({ hosts: z.array(z.string()) })
      .parse(await (await request.get(`${e2eLinkedInServerUrl}/__e2e/cloud-proxy`)).json()).hosts;
  const invitationsSent = async () => (await networkActivityOf(session)).counts.invitationsSent;

  const browser = await launchWithExtension(e2eLinkedInServerUrl, e2eLinkedInFacadeUrl);
  try {
    const page = await browser.context.newPage();
    await signInAtNetwork(page, email);
    await signUpAndLink(page, `${member.firstName} ${member.lastName}`);
    await new ShellPage(page).expectLoaded();
    await page.goto(`${e2eLinkedInServerUrl}/upgrade`);
    await new UpgradePage(page).choose('Pro');
    await new HostedPaymentPage(page).pay(testCards.success);
    await new ShellPage(page).expectNotice('Your subscription is activated');

    // The switch asks first: Cancel hands nothing over; 'I agree' does, for the chosen country.
    await new AccountPage(page).open();
    const panel = page.getByTestId('automation-mode');
    const cloudSwitch = panel.getByRole('switch', { name: 'Run in the cloud' });
    await cloudSwitch.click();
    const consent = page.getByRole('dialog', { name: 'Run LinkedIn automation in the cloud?' });
    await expect(consent).toContainText('keeps your LinkedIn session on its server, encrypted');
    await expect(consent.getByRole('combobox', { name: 'Your country' })).toHaveText('DE (Frankfurt)');
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/screens/cloud-consent-1440.png' });
    await consent.getByRole('button', { name: 'Cancel' }).click();
    await expect(consent).toBeHidden();
    await expect(cloudSwitch).not.toBeChecked();
    await expect(panel).toContainText('Automation runs locally in your browser');
    const agree = async () => {
      await cloudSwitch.click();
      await consent.getByRole('button', { name: 'I agree' }).click();
      await expect(consent).toBeHidden();
      await expect(cloudSwitch).toBeChecked();
    };
    await agree();
    await expect(panel).toContainText('Automation runs in the cloud');
    await expect(panel).toContainText(e2eCloudProxy.city_name);
    await expect(panel).toContainText(e2eCloudProxy.country_code);
    await expect(panel).toContainText(e2eCloudProxy.ip_address);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/screens/cloud-linkedin-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/screens/cloud-linkedin-1440.png' });

    // Back to local: the session is forgotten, so the cloud asks for consent again.
    await cloudSwitch.click();
    await expect(cloudSwitch).not.toBeChecked();
    await expect(panel).toContainText('Automation runs locally in your browser');
    await expect(panel).not.toContainText(e2eCloudProxy.ip_address);
    // The same by keyboard alone: Space on the switch asks, Tab reaches the country and both
    // answers (each with its focus ring), Escape declines.
    await cloudSwitch.focus();
    await page.keyboard.press('Space');
    await expect(consent).toBeVisible();
    await tabTo(page, 'Cancel', { limit: 4 });
    await tabTo(page, 'I agree', { limit: 2 });
    await page.keyboard.press('Escape');
    await expect(consent).toBeHidden();
    await expect(cloudSwitch).not.toBeChecked();
    await expect(panel).toContainText('Automation runs locally in your browser');

    await agree();

    // A one-step campaign for one member, imported from a pasted profile link.
    const contacts = new ContactsPage(page);
    const wizard = new ContactsImportWizard(page);
    await page.goto(`${e2eLinkedInServerUrl}/contacts`);
    await contacts.openImportWizard();
    await wizard.importProfileLinks([contact.publicIdentifier]);
    await page.goto(`${e2eLinkedInServerUrl}/campaigns`);
    await new CampaignsPage(page).create('In the cloud');
    const editor = new StepsEditorPage(page);
    await editor.addAction('Connect');
    await editor.save();
    const campaignContacts = new CampaignContactsPage(page);
    await campaignContacts.launchPrompt().getByRole('button', { name: 'Add more contacts' }).click();
    await campaignContacts.addAllShownContacts();
    await campaignContacts.grid.expectTotal('1 contact');
    await campaignContacts.launchPrompt().getByRole('button', { name: 'Launch' }).click();
    await page.getByRole('dialog', { name: 'Launch now' }).getByRole('button', { name: 'Yes' }).click();
    await expect(campaignContacts.launchPrompt()).toBeHidden();
  } finally {
    await browser.close();
  }

  // The browser is closed: the server sends the invitation, out through the proxy to the network.
  await stepClockUntil(
    request,
    async () => (await invitationsSent()) === 1,
    'the invitation from the cloud',
  ).catch(async (error: Error) => {
    const state = await (await request.get(`${e2eLinkedInServerUrl}/__e2e/cloud-work`)).text();
    throw new Error(`${error.message}\nWhat the cloud runner had: ${state}`);
  });
  expect(await proxiedHosts()).toContain(new URL(e2eLinkedInFacadeUrl).host);
});
