import { type APIRequestContext, expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { MessagingPage } from '../pages/messaging-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { e2eVirtualClockServerUrl as base } from '../support/e2e-server-url.ts';

// The network's time is virtual on this server: replies arrive when the journey moves the clock.
test.use({ baseURL: base });

type Profile = { entityId: string; publicIdentifier: string; firstName: string; lastName: string };

async function sandbox(path: string, sessionId: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}/sandbox${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'x-sandbox-session': sessionId,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`sandbox ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Signs in to the sandbox network as the member an e-mail maps to. */
async function signInToNetwork(email: string) {
  const response = await fetch(`${base}/sandbox/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return (await response.json()) as { sessionId: string; profile: Profile };
}

/**
 * Earlier, on the network: a member wrote to some of their connections; days later one answered.
 * Whether anyone answers is the network's own draw (each person answers a first message with a
 * probability of 0.1 to 0.6), and a member with few connections may get no answer, so this tries
 * the members of a few e-mails until one has an answer.
 */
async function networkMemberWithAnAnswer(request: APIRequestContext) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const email = uniqueEmail('messaging');
    const session = await signInToNetwork(email);
    const search = encodeURIComponent(
      'https://www.linkedin.com/search/results/people/?network=%5B%22F%22%5D',
    );
    const found = (await sandbox(`/api/search/people?url=${search}&start=0&count=20`, session.sessionId)) as {
      elements: ({ invisible: false } & Profile)[];
    };
    const friends = found.elements.filter((each) => !each.invisible).slice(0, 12);
    for (const friend of friends) {
      await sandbox('/api/messages', session.sessionId, {
        method: 'POST',
        body: { entityId: friend.entityId, text: `Hello ${friend.firstName}, shall we talk about outreach?` },
      });
    }
    expect(
      (await request.post('/api/test/clock/advance', { data: { milliseconds: 11 * 24 * 3600_000 } })).ok(),
    ).toBe(true);
    // Network sessions last 7 days: a new one after the wait.
    const later = await signInToNetwork(email);
    const conversations = (await sandbox('/api/conversations', later.sessionId)) as {
      conversations: {
        unreadCount: number;
        participants: { firstName: string; lastName: string }[];
      }[];
    };
    const answered = conversations.conversations.find((each) => each.unreadCount > 0);
    if (answered) {
      const replier = `${answered.participants[0]?.firstName} ${answered.participants[0]?.lastName}`;
      return { email, me: session.profile, replier };
    }
  }
  throw new Error('Nobody answered on the sandbox network');
}

test('a reply arrives in the inbox: the user reads it, reacts, answers, edits the answer, stars and archives the conversation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, me, replier } = await networkMemberWithAnAnswer(request);
  const created = await request.post('/__e2e/accounts', {
    data: {
      email,
      givenName: me.firstName,
      familyName: me.lastName,
      onboarded: true,
      network: { entityId: me.entityId, publicIdentifier: me.publicIdentifier },
    },
  });
  expect(created.ok()).toBe(true);

  // The browser is signed in to the network; signing in to the app starts the agent in the page,
  // whose first sync brings the conversations in.
  expect((await page.context().request.post('/sandbox/api/session', { data: { email } })).ok()).toBe(true);
  await page.goto('/');
  await new OnboardingPage(page).startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(email, `${me.firstName} ${me.lastName}`);
  const shell = new ShellPage(page);
  await shell.expectLoaded();

  // The unread indicator shows once the agent's sync brought the answers in.
  const messagingLink = shell.topNavigation().getByRole('link', { name: /^Messaging/ });
  await expect(messagingLink).toHaveAccessibleName(/unread conversations/, { timeout: 90_000 });
  await messagingLink.click();

  const inbox = new MessagingPage(page);
  await expect(inbox.conversationLink(replier).getByText(/^\d+ unread$/)).toBeVisible();
  await inbox.conversationLink(replier).click();
  await inbox.expectOpened(replier);
  // Opening it read it.
  await expect(inbox.conversationLink(replier).getByText(/^\d+ unread$/)).toHaveCount(0);
  const reply = inbox.thread().getByRole('listitem').filter({ hasText: me.firstName }).last();
  await expect(reply).toBeVisible();

  // React with a quick reaction from the hover menu.
  await reply.hover();
  await reply.getByRole('button', { name: 'React 👍' }).click();
  await expect(reply.getByRole('button', { name: '👍 1, you reacted' })).toBeVisible();

  // Answer, then correct the answer.
  await expect(inbox.thread().getByRole('button', { name: 'Send' })).toBeDisabled();
  await inbox.composer().fill('   ');
  await expect(inbox.thread().getByRole('button', { name: 'Send' })).toBeDisabled();
  await inbox.composer().fill('Great, how about Tuesday? See https://example.com/agenda');
  await inbox.thread().getByRole('button', { name: 'Send' }).click();
  const answer = inbox.message('how about Tuesday');
  await expect(answer.getByRole('link', { name: 'https://example.com/agenda' })).toBeVisible();
  await answer.hover();
  await answer.getByRole('button', { name: 'Edit' }).click();
  await expect(inbox.thread().getByText('Edit Message')).toBeVisible();
  await expect(inbox.thread().getByRole('button', { name: 'Save' })).toBeDisabled();
  await inbox.composer().fill('Great, how about Wednesday?');
  await inbox.thread().getByRole('button', { name: 'Save' }).click();
  await expect(inbox.message('how about Wednesday')).toContainText('(Edited)');

  await expectAccessible(page);

  // Star it, find it under Starred; archive it, find it under Archived.
  await inbox.openConversationMenu(replier);
  await page.getByRole('menuitem', { name: 'Star' }).click();
  await expect(inbox.conversationLink(replier).getByRole('img', { name: 'Starred' })).toBeVisible();
  await inbox.chooseFilter('Starred');
  await expect(inbox.conversationLink(replier)).toBeVisible();
  await inbox.chooseFilter('Starred');
  await inbox.openConversationMenu(replier);
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(inbox.conversationLink(replier)).not.toBeVisible();
  await inbox.chooseFilter('Archived');
  await expect(inbox.conversationLink(replier)).toBeVisible();

  // The search looks through names and messages.
  await inbox.chooseFilter('Archived');
  await inbox.conversations().getByRole('searchbox', { name: 'Search messages' }).fill('Wednesday');
  await expect(inbox.conversations().getByRole('link')).toHaveCount(0);
  await expect(inbox.conversations().getByText('No results found')).toBeVisible();
});
