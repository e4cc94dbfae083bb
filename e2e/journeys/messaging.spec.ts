import { clockResponseSchema } from '@outpilot/contracts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MessagingPage } from '../pages/messaging-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { appAccessToken } from '../support/app-access-token.ts';
import { expectAccessible } from '../support/axe.ts';
import { e2eVirtualClockServerUrl as base } from '../support/e2e-server-url.ts';
import { answersFirstMessage, neverAnswersFirstMessage, personOf } from '../support/network-draws.ts';
import { signInAt } from '../support/sign-in.ts';
import { moveToNextMondayMorning } from '../support/virtual-clock.ts';

// The network's time is virtual on this server: replies arrive when the journey moves the clock.
test.use({ baseURL: base });

type Profile = { entityId: string; publicIdentifier: string; firstName: string; lastName: string };
type NetworkConversations = {
  conversations: {
    conversationId: string;
    conversationType: 'MEMBER_TO_MEMBER' | 'INMAIL';
    spam: boolean;
    mailbox: 'Focused' | 'Other';
    unreadCount: number;
    participants: { firstName: string; lastName: string }[];
    messages: { from: string; attachments: { kind: string; name: string; byteSize: number }[] }[];
  }[];
};

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
  return response.status === 204 ? null : response.json();
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

/** Where the virtual-clock server's clock stands. */
async function clockNow(request: APIRequestContext): Promise<Date> {
  const read = await request.get('/api/test/clock');
  expect(read.ok()).toBe(true);
  return new Date(clockResponseSchema.parse(await read.json()).now);
}

/** A network member an e-mail signs in as, with their visible connections of the first search page. */
async function memberWithConnections(email: string) {
  const session = await signInToNetwork(email);
  const search = encodeURIComponent('https://www.linkedin.com/search/results/people/?network=%5B%22F%22%5D');
  const found = (await sandbox(`/api/search/people?url=${search}&start=0&count=20`, session.sessionId)) as {
    elements: ({ invisible: boolean } & Profile)[];
  };
  return {
    ...session,
    member: personOf(session.profile.publicIdentifier),
    connections: found.elements.filter((each) => !each.invisible),
  };
}

/**
 * Earlier, on the network: a member wrote to some of their connections; days later one answered.
 * Who answers is the network's own draw, which the journey reads first: it takes the first member
 * (of a few e-mails) with a connection who will answer within the wait.
 */
async function networkMemberWithAnAnswer(request: APIRequestContext) {
  const waitDays = 11;
  const now = await clockNow(request);
  for (let attempt = 0; attempt < 5; attempt++) {
    const email = uniqueEmail('messaging');
    const { sessionId, profile, member, connections } = await memberWithConnections(email);
    const friends = connections.slice(0, 12);
    const willAnswer = friends.some((friend) =>
      answersFirstMessage(member, personOf(friend.publicIdentifier), {
        from: now,
        sendHours: 1,
        withinHours: (waitDays - 1) * 24,
      }),
    );
    if (!willAnswer) continue;
    for (const friend of friends) {
      await sandbox('/api/messages', sessionId, {
        method: 'POST',
        body: { entityId: friend.entityId, text: `Hello ${friend.firstName}, shall we talk about outreach?` },
      });
    }
    expect(
      (
        await request.post('/api/test/clock/advance', { data: { milliseconds: waitDays * 24 * 3600_000 } })
      ).ok(),
    ).toBe(true);
    // Network sessions last 7 days: a new one after the wait.
    const later = await signInToNetwork(email);
    const conversations = (await sandbox('/api/conversations', later.sessionId)) as NetworkConversations;
    // One the member started (the network also brings an InMail, a message sorted into Other and spam).
    // In the Focused tab, which the inbox opens on (the network sorts some conversations into Other).
    const answered = conversations.conversations.find(
      (each) =>
        each.unreadCount > 0 &&
        each.mailbox === 'Focused' &&
        !each.spam &&
        each.messages[0]?.from === profile.entityId,
    );
    if (!answered) throw new Error('The connection the network drew to answer did not');
    const replier = `${answered.participants[0]?.firstName} ${answered.participants[0]?.lastName}`;
    // The inbox opens its newest conversation by itself, which reads it: a word to someone else
    // now keeps the reply's conversation second, so its unread count shows until the user opens it.
    const other = friends.find((each) => `${each.firstName} ${each.lastName}` !== replier);
    if (!other) throw new Error('The member has one connection only');
    await sandbox('/api/messages', later.sessionId, {
      method: 'POST',
      body: { entityId: other.entityId, text: `One more thing, ${other.firstName}: see you next week.` },
    });
    return { email, me: profile, replier };
  }
  throw new Error('None of five network members has a connection who would answer');
}

test('a reply arrives in the inbox: the user reads it, reacts, answers, edits the answer, stars and archives the conversation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, me, replier } = await networkMemberWithAnAnswer(request);
  // The browser is signed in to the network; signing in to the app starts the agent in the page,
  // whose first sync brings the conversations in.
  const shell = await signedInWorkspace(page, request, email, me);

  // The unread indicator shows once the agent's sync brought the answers in.
  const messagingLink = shell.topNavigation().getByRole('link', { name: /^Messaging/ });
  await expect(messagingLink).toHaveAccessibleName(/unread conversations/, { timeout: 90_000 });
  await messagingLink.click();

  const inbox = new MessagingPage(page);
  // The indicator may first come from the InMail the network brought; the reply with the next sync.
  await expect(inbox.conversationLink(replier).getByText(/^\d+ unread$/)).toBeVisible({ timeout: 90_000 });
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

/** A workspace linked to a network member, the browser signed in to both, the inbox synced. */
async function signedInWorkspace(page: Page, request: APIRequestContext, email: string, me: Profile) {
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
  expect((await page.context().request.post('/sandbox/api/session', { data: { email } })).ok()).toBe(true);
  await signInAt(page, '/', { email, name: `${me.firstName} ${me.lastName}` });
  const shell = new ShellPage(page);
  return shell;
}

test('what the network brings by itself: InMail, spam, the Other tab, edits, recalls, system messages and attachments', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('inbox-network');
  // The member's first sign-in: the network plans what reaches them over the next two days.
  const first = await signInToNetwork(email);
  expect(
    (
      await request.post('/api/test/clock/advance', { data: { milliseconds: 2 * 24 * 3600_000 + 60_000 } })
    ).ok(),
  ).toBe(true);
  const later = await signInToNetwork(email);
  const { conversations } = (await sandbox('/api/conversations', later.sessionId)) as NetworkConversations;
  const nameOf = (each: NetworkConversations['conversations'][number] | undefined) =>
    `${each?.participants[0]?.firstName} ${each?.participants[0]?.lastName}`;
  const inMail = conversations.find((each) => each.conversationType === 'INMAIL' && !each.spam);
  const spam = conversations.find((each) => each.spam);
  const other = conversations.find((each) => each.conversationType === 'MEMBER_TO_MEMBER');
  if (!inMail || !spam || !other) throw new Error('the network brought less than planned');
  const file = inMail.messages.flatMap((each) => each.attachments).find((each) => each.kind === 'file');

  const shell = await signedInWorkspace(page, request, email, first.profile);
  const messagingLink = shell.topNavigation().getByRole('link', { name: /^Messaging/ });
  await expect(messagingLink).toHaveAccessibleName(/unread conversations/, { timeout: 90_000 });
  await messagingLink.click();
  const inbox = new MessagingPage(page);

  // Focused holds the InMail; spam shows under its own filter only; Other holds the connection.
  await expect(inbox.conversationLink(nameOf(inMail))).toBeVisible();
  await expect(inbox.conversationLink(nameOf(spam))).toHaveCount(0);
  await expect(inbox.conversationLink(nameOf(other))).toHaveCount(0);
  await inbox.chooseFilter('Spam');
  await expect(inbox.conversationLink(nameOf(spam))).toBeVisible();
  await expect(inbox.conversations().getByRole('link')).toHaveCount(1);
  await inbox.chooseFilter('InMail');
  await expect(inbox.conversationLink(nameOf(inMail))).toBeVisible();
  await expect(inbox.conversationLink(nameOf(other))).toHaveCount(0);

  // The InMail: how it came (a system message), its subject, a file with name and size, a meeting.
  await inbox.conversationLink(nameOf(inMail)).click();
  await inbox.expectOpened(nameOf(inMail));
  await expect(inbox.thread().getByText(`${nameOf(inMail)} sent you an InMail`)).toBeVisible();
  await expect(inbox.thread().getByText(/^A role at /)).toBeVisible();
  await expect(inbox.thread().getByText('Video meetings are not supported')).toBeVisible();
  await expect(inbox.thread().getByText(`(${file?.byteSize} B)`)).toBeVisible();
  const download = page.waitForEvent('download');
  await inbox.thread().getByRole('button', { name: 'Role overview.csv' }).click();
  expect((await download).suggestedFilename()).toBe('Role overview.csv');
  await expectAccessible(page);

  // The connection's message, sorted into Other: a GIF, an edit, a message taken back, image, audio.
  await inbox.chooseFilter('InMail');
  await inbox.conversations().getByRole('tab', { name: 'Other' }).click();
  await inbox.conversationLink(nameOf(other)).click();
  await inbox.expectOpened(nameOf(other));
  await expect(inbox.thread().getByText('(Edited)')).toBeVisible();
  await expect(inbox.thread().getByText('This message has been deleted.')).toBeVisible();
  const gif = inbox.thread().getByRole('img', { name: 'GIF: Celebration' });
  await expect(gif).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => gif.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(2);
  await expect(inbox.thread().getByRole('img', { name: 'Image' })).toHaveAttribute('src', /^blob:/);
  await expect(inbox.thread().getByLabel('Audio message')).toHaveAttribute('src', /^blob:/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('other-thread.png'), fullPage: true });

  // Starred on the member's other device: the thread's Sync brings the mark into the app.
  await inbox.conversations().getByRole('tab', { name: 'Focused' }).click();
  await inbox.conversationLink(nameOf(inMail)).click();
  await sandbox(`/api/conversations/${inMail.conversationId}`, later.sessionId, {
    method: 'PATCH',
    body: { starred: true },
  });
  await inbox.thread().getByRole('button', { name: 'Sync' }).click();
  await expect(inbox.conversationLink(nameOf(inMail)).getByRole('img', { name: 'Starred' })).toBeVisible();
});

/**
 * A fresh network member and six of their connections for a campaign message sent from `from`, by
 * the network's own draws: some who answer within a day and a half of its sending, some who never
 * answer it. At least two of each, in case the network files one conversation in its Other tab.
 */
async function memberWithAnswersAndSilences(from: Date) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const email = uniqueEmail('inbox-campaign');
    const { profile, sessionId, member, connections } = await memberWithConnections(email);
    const person = (each: Profile) => personOf(each.publicIdentifier);
    const answering = connections.filter((each) =>
      answersFirstMessage(member, person(each), { from, sendHours: 3, withinHours: 36 }),
    );
    const silent = connections.filter((each) => neverAnswersFirstMessage(member, person(each)));
    if (answering.length >= 2 && silent.length >= 2) {
      return { email, me: profile, sessionId, friends: [...answering.slice(0, 3), ...silent.slice(0, 3)] };
    }
  }
  throw new Error('None of five network members has two connections who answer and two who do not');
}

test('a campaign message gets a reply on the virtual clock; a contact who did not answer is cancelled from the right panel', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const monday = await moveToNextMondayMorning(request);
  const { email, me, sessionId, friends } = await memberWithAnswersAndSilences(monday);
  const shell = await signedInWorkspace(page, request, email, me);
  const accessToken = () => appAccessToken(page);
  const api = async (method: string, path: string, data?: unknown) => {
    const response = await request.fetch(`/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${await accessToken()}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(response.ok()).toBe(true);
    return response.json().catch(() => null);
  };
  const csv = [
    'LinkedIn Profile,First Name,Last Name,Company Name,Position Title,Country,Custom Field 1,Custom Field 2,Custom Field 3',
    ...friends.map(
      (each) => `https://www.linkedin.com/in/${each.publicIdentifier}/,${each.firstName},,,,,,,`,
    ),
  ].join('\n');
  const upload = await request.fetch('/api/v1/imports/csv?file_name=friends.csv', {
    method: 'POST',
    headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'text/csv' },
    data: Buffer.from(csv),
  });
  expect(upload.ok()).toBe(true);
  const campaign = (await api('POST', '/campaigns', { name: 'Inbox journey' })) as { id: string };
  await api('PUT', `/campaigns/${campaign.id}/update_steps`, {
    steps: [
      { type: 'Message', message_template: 'Hello {first_name}, shall we talk?', timeout: 4320 },
      { type: 'Message', message_template: 'Any thoughts, {first_name}?', timeout: 4320 },
    ],
  });
  await api('PUT', `/campaigns/${campaign.id}/target_audience`, {});
  await api('PUT', `/campaigns/${campaign.id}/run`);

  // The in-page agent sends what is due; the clock moves a quarter of an hour at a time.
  const sent = async () =>
    ((await sandbox('/api/activity', sessionId)) as { counts: { messagesSent: number } }).counts.messagesSent;
  for (let step = 0; step < 24 && (await sent()) < friends.length; step += 1) {
    const before = await sent();
    await request.post('/api/test/clock/advance', { data: { milliseconds: 15 * 60 * 1000 } });
    await expect
      .poll(sent, { timeout: 15_000 })
      .toBeGreaterThan(before)
      .catch(() => undefined);
  }
  expect(await sent()).toBe(friends.length);
  // Two days on (the follow-up waits three): some answered, the others wait for the follow-up.
  await request.post('/api/test/clock/advance', { data: { milliseconds: 2 * 24 * 3600_000 } });
  const { conversations } = (await sandbox('/api/conversations', sessionId)) as NetworkConversations;
  // Those the inbox shows in its Focused tab, where it opens (the network sorts some into Other).
  const ours = conversations.filter(
    (each) => each.messages[0]?.from === me.entityId && each.mailbox === 'Focused' && !each.spam,
  );
  const answered = ours.find((each) => each.messages.some((message) => message.from !== me.entityId));
  const silent = ours.find((each) => each.messages.every((message) => message.from === me.entityId));
  if (!answered || !silent) throw new Error('The network did not answer as its draws said');
  const name = (each: NetworkConversations['conversations'][number]) =>
    `${each.participants[0]?.firstName} ${each.participants[0]?.lastName}`;
  const messagingLink = shell.topNavigation().getByRole('link', { name: /^Messaging/ });
  await expect(messagingLink).toHaveAccessibleName(/unread conversations/, { timeout: 90_000 });
  // Opened without a conversation, the inbox opens (and so reads) its newest, which may be the
  // answer: the user opens the conversation with the contact who has not answered instead.
  await page.goto(`/messaging/thread/${encodeURIComponent(silent.conversationId)}`);
  const inbox = new MessagingPage(page);
  // The unread indicator may come from what the network brought by itself (an InMail): the
  // reply comes with the agent's next sync, once a minute, and the inbox refreshes as that sync ends.
  await expect(inbox.conversationLink(name(answered)).getByText(/^\d+ unread$/)).toBeVisible({
    timeout: 90_000,
  });
  await inbox.conversationLink(name(answered)).click();
  const panel = page.getByRole('complementary', { name: 'Campaign conversation' });
  // The reply ended the contact's sequence (the engine read it from the same sync): nothing to cancel.
  await expect(panel.getByText('Inbox journey: Responded')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Cancel conversation' })).toBeDisabled();

  await inbox.conversationLink(name(silent)).click();
  await inbox.expectOpened(name(silent));
  const cancel = panel.getByRole('button', { name: 'Cancel conversation' });
  await expect(panel.getByText('Inbox journey: Awaiting for response')).toBeVisible();
  await expect(cancel).toBeEnabled();
  await cancel.click();
  await page
    .getByRole('dialog', { name: 'Cancel conversation?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await shell.expectNotice('Conversation is cancelled');
  await expect(cancel).toBeDisabled();
  await expect(panel.getByRole('button', { name: 'Resume conversation' })).toBeEnabled();
  await expectAccessible(page);

  // The contact's sequence stopped: the execution is cancelled, nothing more goes to them.
  await expect(panel.getByText('Inbox journey: Cancelled by you')).toBeVisible();
});
