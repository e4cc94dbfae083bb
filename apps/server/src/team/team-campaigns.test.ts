import { billingMessages, campaignsPaths, teamPaths } from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, campaignTallies, subscriptions } from '../db/schema.ts';
import { callApi, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { pathOf, teamFixtures } from './team-fixtures.ts';

const minute = 60_000;

describe.each(testBackends())('team campaign statistics on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);
  const { call, account, teamOwner, addMember } = teamFixtures(server);

  /** A campaign created through the API, then given a state and tallies as running it would. */
  async function campaignOf(
    token: string,
    name: string,
    figures: { state?: 'Running' | 'Stopped' | 'Completed'; tallies?: Record<string, number> } = {},
  ): Promise<string> {
    server.clock.advance(minute);
    const created = await call('POST', campaignsPaths.create, token, { name });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    if (figures.state)
      await server.db.update(campaigns).set({ state: figures.state }).where(eq(campaigns.id, id));
    const tallies = Object.entries(figures.tallies ?? {});
    if (tallies.length > 0)
      await server.db
        .insert(campaignTallies)
        .values(tallies.map(([tally, delta]) => ({ campaignId: id, tally, delta })));
    return id;
  }

  const list = (token: string, query: Record<string, string> = {}) =>
    call('GET', `${teamPaths.campaigns}?${new URLSearchParams(query)}`, token);
  const names = (answer: { body: { documents: { name: string }[] } }) =>
    answer.body.documents.map((d) => d.name);

  /** An owner with a member (nicknamed 'Ann') and three campaigns across them, and another team's. */
  async function teamWithCampaigns() {
    const owner = await teamOwner();
    const { member, memberId } = await addMember(owner);
    expect(
      (await call('PUT', pathOf(teamPaths.nickname, memberId), owner.token, { name: 'Ann' })).status,
    ).toBe(200);
    await campaignOf(owner.token, 'Owner draft');
    await campaignOf(member.token, 'Ann running', {
      state: 'Running',
      tallies: {
        'execution:InQueue': 2,
        'log:invitation_sent': 10,
        'logged:invitation_sent': 10,
        'logged:invitation_accepted': 4,
        'log:message_sent': 3,
        'logged:message_sent': 3,
        'logged:reply_received': 1,
      },
    });
    await campaignOf(member.token, 'Ann paused', {
      state: 'Stopped',
      tallies: { 'log:invitation_sent': 4, 'logged:invitation_sent': 4, 'logged:invitation_accepted': 4 },
    });
    const stranger = await teamOwner();
    await campaignOf(stranger.token, 'Another team');
    return { owner, member, memberId };
  }

  it("lists every member's campaigns with the member and the statistics, newest first", async () => {
    const { owner, member } = await teamWithCampaigns();
    const page = await list(owner.token);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(3);
    expect(names(page)).toEqual(['Ann paused', 'Ann running', 'Owner draft']);
    const running = page.body.documents[1];
    expect(running).toMatchObject({
      status: 'Running',
      personaId: member.account.personaId,
      nickname: 'Ann',
      email: member.account.email,
      avatar: null,
      target_audience_count: 0,
      steps: [],
      pause_reason: null,
      statistics: {
        invitation_sent: 10,
        acceptance_rate: 40,
        messages_sent: 3,
        reply_rate: 33.3,
        in_queue_count: 2,
      },
    });
    expect(page.body.documents[2]).toMatchObject({ email: owner.account.email, status: 'Compose' });

    // Paging: skip = page times page size.
    const second = await list(owner.token, { $take: '2', $skip: '2' });
    expect({ total: second.body.total, names: names(second) }).toEqual({ total: 3, names: ['Owner draft'] });
  });

  it('sorts by every column of the table, and filters by status and contacts in queue', async () => {
    const { owner } = await teamWithCampaigns();
    const sorted = async (orderby: string) => names(await list(owner.token, { $orderby: orderby }));
    expect(await sorted('invitation_sent desc')).toEqual(['Ann running', 'Ann paused', 'Owner draft']);
    expect(await sorted('acceptance_rate desc')).toEqual(['Owner draft', 'Ann paused', 'Ann running']);
    expect(await sorted('acceptance_rate asc')).toEqual(['Ann running', 'Ann paused', 'Owner draft']);
    // Ties are broken by a second key: the id alone would order them at random.
    expect(await sorted('messages_sent desc, name asc')).toEqual([
      'Ann running',
      'Ann paused',
      'Owner draft',
    ]);
    expect(await sorted('reply_rate asc, name desc')).toEqual(['Ann running', 'Owner draft', 'Ann paused']);
    expect(await sorted('name desc')).toEqual(['Owner draft', 'Ann running', 'Ann paused']);
    // The owner is 'Test …', the member's contact name 'Ann'.
    expect(await sorted('persona desc, name asc')).toEqual(['Owner draft', 'Ann paused', 'Ann running']);
    expect(await sorted('persona asc, name desc')).toEqual(['Ann running', 'Ann paused', 'Owner draft']);
    expect(await sorted('created asc')).toEqual(['Owner draft', 'Ann running', 'Ann paused']);

    const filtered = async (filter: string) => names(await list(owner.token, { $filter: filter }));
    expect(await filtered("state eq 'Stopped'")).toEqual(['Ann paused']);
    expect(await filtered('in_queue_count gt 0')).toEqual(['Ann running']);
    // 'no contacts in queue' leaves drafts out (seed 001 §2).
    expect(await filtered("in_queue_count eq 0 and state ne 'Compose'")).toEqual(['Ann paused']);
    expect(names(await list(owner.token, { $searchQuery: 'paus' }))).toEqual(['Ann paused']);
    expect(names(await list(owner.token, { archived: 'true' }))).toEqual([]);
  });

  it("refuses plain users, people without a team, an owner's plan without teams and bad queries", async () => {
    const { owner, member } = await teamWithCampaigns();
    expect((await list(member.token)).status).toBe(403);
    const { member: manager } = await addMember(owner, 'manager');
    expect((await list(manager.token)).status).toBe(200);
    expect((await list((await account()).token)).status).toBe(404);

    expect((await list(owner.token, { $orderby: 'password desc' })).status).toBe(422);
    expect((await list(owner.token, { $filter: "email eq 'x'" })).status).toBe(422);
    expect((await list(owner.token, { unknown: '1' })).status).toBe(422);

    // The team's statistics are the owner's Team plan's: on Pro they are refused.
    await server.db
      .update(subscriptions)
      .set({ planId: 'pro' })
      .where(eq(subscriptions.personaId, owner.account.personaId));
    const downgraded = await list(owner.token);
    expect(downgraded).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToTeam } });
  });

  it('exports the list as CSV, all by the query or the selected ids', async () => {
    const { owner } = await teamWithCampaigns();
    const all = await callApi(
      server.url,
      'GET',
      `${teamPaths.campaignsExport}?orderby=name%20asc`,
      owner.token,
    );
    expect(all.status).toBe(200);
    expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="Outpilot_Export_/);
    const lines = (await all.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const fields = (line = '') => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => m[1] ?? m[2]);
    expect(fields(lines[0])).toEqual([
      'Campaign',
      'Member',
      'E-mail',
      'Status',
      'Contacts',
      'Invites sent',
      'Acceptance rate',
      'Messages sent',
      'Reply rate',
      'Created',
    ]);
    expect(lines.slice(1).map((line) => fields(line)[0])).toEqual([
      'Ann paused',
      'Ann running',
      'Owner draft',
    ]);
    expect(fields(lines[2]).slice(1, 2)).toEqual(['Ann']);
    expect(fields(lines[2]).slice(5, 9)).toEqual(['10', '40', '3', '33.3']);

    const ids = (await list(owner.token)).body.documents.slice(0, 2).map((d: { id: string }) => `'${d.id}'`);
    const selected = await callApi(
      server.url,
      'GET',
      `${teamPaths.campaignsExport}?${new URLSearchParams({ filter: `id in (${ids.join(', ')})` })}`,
      owner.token,
    );
    expect(selected.status).toBe(200);
    expect((await selected.text()).trim().split(/\r?\n/)).toHaveLength(3);
  });
});
