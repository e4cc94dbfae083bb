import type { OperationType } from '@outpilot/contracts';
import { createVirtualClock } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import { createFakeActivityNetwork, type FakeMember } from '../testing/fake-activity-network.ts';
import { createFakeAutomation, type FakeActivity } from '../testing/fake-automation.ts';
import { type ActivityRunnerOptions, createActivityRunner } from './activity-runner.ts';
import { createWakeSignal } from './wake-signal.ts';

const personaId = '00000000-0000-4000-8000-000000000001';
const start = new Date('2026-03-02T10:00:00.000Z');

const bob: FakeMember = {
  publicIdentifier: 'bob-smith-000001',
  entityId: 'ACoAAbob',
  firstName: 'Bob',
  lastName: 'Smith',
  degree: 'SECOND',
  posts: [
    { postId: '11', postUrn: 'urn:li:activity:11', createdAt: new Date('2026-02-01T00:00:00Z') },
    { postId: '12', postUrn: 'urn:li:activity:12', createdAt: new Date('2026-02-20T00:00:00Z') },
  ],
  skills: ['TypeScript', 'Go'],
};
const cat: FakeMember = {
  ...bob,
  publicIdentifier: 'cat-jones-000002',
  entityId: 'ACoAAcat',
  firstName: 'Cat',
  degree: 'FIRST',
  posts: [],
};

let sequence = 0;
function activityOf(
  operation: OperationType,
  change: Partial<FakeActivity> = {},
  member = bob,
): FakeActivity {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    activity_id: id,
    persona_id: personaId,
    campaign_id: '00000000-0000-4000-9000-000000000001',
    execution_id: id.replace('8000', 'a000'),
    step_number: 1,
    operation_type: operation,
    target: {
      contact_id: id.replace('8000', 'b000'),
      public_identifier: member.publicIdentifier,
      entity_id: member.entityId,
      profile_url: `https://www.linkedin.com/in/${member.publicIdentifier}`,
      first_name: member.firstName,
      last_name: member.lastName,
    },
    message: null,
    reaction: null,
    network_ref: null,
    ...change,
  };
}

function setUp(members: FakeMember[] = [bob, cat], runner: Partial<ActivityRunnerOptions> = {}) {
  const clock = createVirtualClock(start);
  const network = createFakeActivityNetwork({ members, clock });
  const server = createFakeAutomation({ clock });
  const sleeps: number[] = [];
  const make = (extra: Partial<ActivityRunnerOptions> = {}) =>
    createActivityRunner({
      automation: server.api,
      network: network.client,
      runnerId: 'test-runner',
      personaIds: [personaId],
      clock,
      sleep: async (milliseconds) => {
        sleeps.push(milliseconds);
        clock.advance(milliseconds);
      },
      random: () => 0.5,
      retry: { attempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 },
      syncIntervalMs: 60_000,
      ...runner,
      ...extra,
    });
  return { clock, network, server, sleeps, make };
}

describe('activity runner: one operation of each type', () => {
  const member = (degree: FakeMember['degree']) => ({ ...bob, degree });
  const cases: {
    operation: OperationType;
    change?: Partial<FakeActivity>;
    degree?: FakeMember['degree'];
    action: string;
    key: string;
    outcome: string;
    ref?: string;
  }[] = [
    {
      operation: 'Connect',
      change: { message: 'Hi Bob' },
      action: 'sendInvitation',
      key: 'connect',
      outcome: 'executed',
      ref: 'inv-1',
    },
    {
      operation: 'Message',
      change: { message: 'Hello' },
      degree: 'FIRST',
      action: 'sendMessage',
      key: 'message',
      outcome: 'executed',
      ref: 'msg-1',
    },
    { operation: 'VisitProfile', action: 'visitProfile', key: 'visit', outcome: 'executed' },
    { operation: 'Follow', action: 'follow', key: 'follow', outcome: 'executed' },
    {
      operation: 'ReactOnPost',
      change: { reaction: 'Celebrate' },
      action: 'reactToPost',
      key: 'react',
      outcome: 'executed',
      ref: 'urn:li:activity:12',
    },
    {
      operation: 'EndorseSkill',
      degree: 'FIRST',
      action: 'endorseSkill',
      key: 'endorse',
      outcome: 'executed',
      ref: 'TypeScript',
    },
  ];
  for (const each of cases) {
    it(`${each.operation}: acts once with the step's idempotency key and reports ${each.outcome}`, async () => {
      const { network, server, make } = setUp([member(each.degree ?? 'SECOND')]);
      const activity = activityOf(each.operation, each.change);
      server.add(activity);
      const result = await make().runOnce();
      expect(result).toMatchObject({ claimed: 1, performed: 1 });
      expect(network.actions()).toEqual([
        expect.objectContaining({ method: each.action, key: `outpilot:${activity.activity_id}:${each.key}` }),
      ]);
      expect(server.acceptedOf(activity.activity_id)).toEqual([
        expect.objectContaining({
          attempt: 1,
          idempotency_key: `report:${activity.activity_id}:1`,
          outcome: each.outcome,
          ...(each.ref ? { network_ref: each.ref } : {}),
        }),
      ]);
    });
  }

  it('Connect sends the rendered note; ReactOnPost reacts to the most recent post with the step reaction', async () => {
    const { network, server, make } = setUp();
    server.add(activityOf('Connect', { message: 'Hi Bob, let us connect' }));
    server.add(activityOf('ReactOnPost', { reaction: 'Celebrate' }));
    await make().runOnce();
    expect(network.actions().map((call) => call.args)).toEqual([
      ['bob-smith-000001', 'Hi Bob, let us connect'],
      ['12', 'Celebrate'],
    ]);
  });

  it('ScrapeProfile reports the details read; Withdraw withdraws the pending invitation', async () => {
    const { network, server, make } = setUp();
    const runner = make();
    const invitation = await network.client.sendInvitation(
      { publicIdentifier: bob.publicIdentifier },
      undefined,
    );
    const scrape = activityOf('ScrapeProfile');
    const withdraw = activityOf('Withdraw', { network_ref: invitation.invitationId });
    server.add(scrape);
    server.add(withdraw);
    await runner.runOnce();
    expect(server.acceptedOf(scrape.activity_id)[0]).toMatchObject({
      outcome: 'executed',
      network_ref: 'ACoAAbob',
      scraped_profile: {
        public_identifier: 'bob-smith-000001',
        company_name: 'Initech',
        skills: ['TypeScript', 'Go'],
      },
    });
    expect(server.acceptedOf(withdraw.activity_id)[0]).toMatchObject({
      outcome: 'withdrawn',
      network_ref: 'inv-1',
    });
    expect(network.invitations[0]?.state).toBe('withdrawn');
    expect(runner.state().counts).toMatchObject({ executed: 1, withdrawn: 1 });
  });

  it('skips what there is nothing to do for: already connected, no posts, endorsing a non-connection', async () => {
    const { network, server, make } = setUp();
    const connect = activityOf('Connect', {}, cat);
    const react = activityOf('ReactOnPost', { reaction: 'Like' }, cat);
    const endorse = activityOf('EndorseSkill');
    for (const each of [connect, react, endorse]) server.add(each);
    await make().runOnce();
    expect(server.acceptedOf(connect.activity_id)[0]).toMatchObject({
      outcome: 'skipped',
      error: { code: 'ALREADY_CONNECTED' },
    });
    expect(server.acceptedOf(react.activity_id)[0]).toMatchObject({
      outcome: 'skipped',
      error: { code: 'NO_POSTS' },
    });
    expect(server.acceptedOf(endorse.activity_id)[0]).toMatchObject({
      outcome: 'skipped',
      error: { code: 'NOT_CONNECTED' },
    });
    expect(network.actions().filter((call) => call.method === 'reactToPost')).toEqual([]);
  });
});

describe('activity runner: crashes, duplicates and fencing', () => {
  const crashCases: {
    operation: OperationType;
    change?: Partial<FakeActivity>;
    degree?: FakeMember['degree'];
    action: string;
  }[] = [
    { operation: 'Connect', change: { message: 'Hi' }, action: 'sendInvitation' },
    { operation: 'Message', change: { message: 'Hello Bob' }, degree: 'FIRST', action: 'sendMessage' },
    { operation: 'Follow', action: 'follow' },
    { operation: 'EndorseSkill', degree: 'FIRST', action: 'endorseSkill' },
  ];
  for (const each of crashCases) {
    it(`${each.operation}: a runner that dies after acting is reconciled by the next attempt, not redone`, async () => {
      const { network, server, make } = setUp([{ ...bob, degree: each.degree ?? 'SECOND' }]);
      const activity = activityOf(each.operation, each.change);
      server.add(activity);
      // The first runner acts, then "dies" before its report reaches the server.
      server.faults.failReports = () => new Error('killed');
      await make().runOnce();
      expect(server.acceptedOf(activity.activity_id)).toEqual([]);
      server.faults.failReports = null;
      server.expireLeases();

      await make({ runnerId: 'second-runner' }).runOnce();
      expect(network.actions().filter((call) => call.method === each.action)).toHaveLength(1);
      expect(server.acceptedOf(activity.activity_id)).toEqual([
        expect.objectContaining({ attempt: 2, outcome: 'executed', reconciled: true }),
      ]);
    });
  }

  it('a later attempt whose action is not on the network acts (with the same key)', async () => {
    const { network, server, make } = setUp();
    const activity = activityOf('Follow');
    server.add(activity);
    await server.api.claim({ runner_id: 'dead', max: 1, lease_seconds: 60 });
    server.expireLeases();
    await make().runOnce();
    expect(network.actions()).toEqual([
      expect.objectContaining({ method: 'follow', key: `outpilot:${activity.activity_id}:follow` }),
    ]);
    expect(server.acceptedOf(activity.activity_id)).toEqual([
      expect.objectContaining({ attempt: 2, outcome: 'executed' }),
    ]);
  });

  it('Withdraw: an invitation no longer pending on a later attempt is reported withdrawn without a call', async () => {
    const { network, server, make } = setUp();
    const invitation = await network.client.sendInvitation(
      { publicIdentifier: bob.publicIdentifier },
      undefined,
    );
    const activity = activityOf('Withdraw', { network_ref: invitation.invitationId });
    server.add(activity);
    await server.api.claim({ runner_id: 'dead', max: 1, lease_seconds: 60 });
    await network.client.withdrawInvitation(invitation.invitationId); // what the dead runner did
    server.expireLeases();
    const before = network.actions().length;
    await make().runOnce();
    expect(network.actions()).toHaveLength(before);
    expect(server.acceptedOf(activity.activity_id)[0]).toMatchObject({
      attempt: 2,
      outcome: 'withdrawn',
      reconciled: true,
    });
  });

  it('a report whose answer was lost is resent with the same key: the server answers duplicate, one effect', async () => {
    const { network, server, sleeps, make } = setUp();
    const activity = activityOf('Follow');
    server.add(activity);
    server.faults.loseReportResponses = 1;
    const runner = make();
    await runner.runOnce();
    expect(server.reports.map((each) => each.response)).toEqual([
      { accepted: true, duplicate: false },
      { accepted: true, duplicate: true },
    ]);
    expect(new Set(server.reports.map((each) => each.request.idempotency_key)).size).toBe(1);
    expect(server.acceptedOf(activity.activity_id)).toHaveLength(1);
    expect(network.actions()).toHaveLength(1);
    expect(runner.state().counts.executed).toBe(1);
    expect(sleeps).toEqual([750]); // 1 s base with equal jitter at random 0.5
  });

  it('reports a claimed batch in one request after acting on each, and resends it whole when its answer is lost', async () => {
    const { network, server, make } = setUp();
    const batch = [activityOf('Follow'), activityOf('VisitProfile'), activityOf('Follow', {}, cat)];
    for (const activity of batch) server.add(activity);
    server.faults.loseReportResponses = 1;
    const runner = make();
    expect(await runner.runOnce()).toMatchObject({ claimed: 3, performed: 3 });
    const ids = batch.map((activity) => activity.activity_id);
    expect(server.reportBatches).toEqual([ids, ids]);
    expect(server.reports.map((each) => each.response?.duplicate)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(network.actions()).toHaveLength(3);
    for (const id of ids) expect(server.acceptedOf(id)).toHaveLength(1);
    expect(runner.state().counts.executed).toBe(3);
  });

  it('a late report of an expired claim is refused (accepted: false) and not resent', async () => {
    const { network, server, make } = setUp();
    const activity = activityOf('Follow');
    server.add(activity);
    // While the runner acts, its lease runs out and another runner claims the activity.
    network.hooks.beforeCall = (method) => {
      if (method !== 'follow') return;
      server.expireLeases();
      void server.api.claim({ runner_id: 'other', max: 1, lease_seconds: 60 });
    };
    const runner = make();
    await runner.runOnce();
    expect(server.reports).toHaveLength(1);
    expect(server.reports[0]?.response).toEqual({ accepted: false, duplicate: false });
    expect(runner.state().counts.executed).toBe(0);
  });
});

describe('activity runner: refusals of the network', () => {
  it('throttles and failing networks are transient errors with retry_after_ms', async () => {
    const { network, server, make } = setUp();
    const throttled = activityOf('Follow');
    const down = activityOf('VisitProfile');
    server.add(throttled);
    server.add(down);
    network.failNext(
      'follow',
      new AgentError('ExceedsLimit', 'Slow down', { code: 'RATE_LIMITED', retryAfterMs: 42_000 }),
    );
    network.failNext('visitProfile', new AgentError('BadGateway', 'down', { status: 503 }));
    await make().runOnce();
    expect(server.acceptedOf(throttled.activity_id)[0]).toMatchObject({
      outcome: 'error',
      error: { name: 'ExceedsLimit', code: 'RATE_LIMITED', transient: true, retry_after_ms: 42_000 },
    });
    expect(server.acceptedOf(down.activity_id)[0]).toMatchObject({
      outcome: 'error',
      error: { name: 'BadGateway', transient: true },
    });
  });

  it('maps the limit codes to limit_exceeded so the engine can pause or reschedule', async () => {
    const { network, server, make } = setUp();
    const codes = [
      'WEEKLY_INVITATION_LIMIT',
      'EXCEED_FREE_MONTHLY_PERSONALIZED_INVITATIONS',
      'TOO_LONG_INVITATION_MESSAGE',
    ];
    const activities = codes.map(() => activityOf('Connect', { message: 'Hi' }));
    for (const activity of activities) server.add(activity);
    network.failNext(
      'sendInvitation',
      new AgentError('ExceedsLimit', 'weekly', { code: codes[0], retryAfterMs: 3_600_000 }),
    );
    network.failNext('sendInvitation', new AgentError('ExceedsLimit', 'notes', { code: codes[1] }));
    network.failNext('sendInvitation', new AgentError('UnprocessableEntity', 'long', { code: codes[2] }));
    await make().runOnce();
    expect(activities.map((each) => server.acceptedOf(each.activity_id)[0])).toEqual([
      expect.objectContaining({
        outcome: 'limit_exceeded',
        error: expect.objectContaining({ code: codes[0], transient: false, retry_after_ms: 3_600_000 }),
      }),
      expect.objectContaining({
        outcome: 'limit_exceeded',
        error: expect.objectContaining({ code: codes[1] }),
      }),
      expect.objectContaining({
        outcome: 'limit_exceeded',
        error: expect.objectContaining({ code: codes[2] }),
      }),
    ]);
  });

  it('a lost network session is reported transient once per batch, without knocking for the rest', async () => {
    const { network, server, make } = setUp();
    const first = activityOf('Follow');
    const second = activityOf('VisitProfile');
    server.add(first);
    server.add(second);
    network.failNext(
      'follow',
      new AgentError('NotAuthenticated', 'expired', { code: 'SESSION_EXPIRED', status: 401 }),
    );
    await make().runOnce();
    expect(network.actions().map((call) => call.method)).toEqual(['follow']);
    for (const each of [first, second]) {
      expect(server.acceptedOf(each.activity_id)[0]).toMatchObject({
        outcome: 'error',
        error: { name: 'NotAuthenticated', transient: true, retry_after_ms: 900_000 },
      });
    }
  });
});

describe('activity runner: the loop', () => {
  it('polls when nothing is due, goes on at once after work, and stop() finishes the activity in hand', async () => {
    const { network, server, sleeps, make } = setUp();
    const runner = make({ pollIntervalMs: 5_000 });
    const activities = [activityOf('Follow'), activityOf('VisitProfile'), activityOf('ScrapeProfile')];
    let stopped: Promise<unknown> | undefined;
    network.hooks.beforeCall = (method) => {
      if (method === 'follow') stopped = runner.stop();
    };
    let rounds = 0;
    // Two idle rounds, then work arrives.
    const originalClaim = server.api.claim;
    server.api.claim = async (request) => {
      rounds += 1;
      if (rounds === 3) for (const each of activities) server.add(each);
      return originalClaim(request);
    };
    expect(runner.start().status).toBe('running');
    await runner.settled();
    await stopped;
    expect(sleeps).toEqual([5_000, 5_000]);
    expect(server.acceptedOf(activities[0]?.activity_id ?? '')).toHaveLength(1);
    expect(server.acceptedOf(activities[1]?.activity_id ?? '')).toEqual([]);
    expect(network.actions().map((call) => call.method)).toEqual(['follow']);
    expect(runner.state()).toMatchObject({ status: 'stopped', current: null, counts: { executed: 1 } });
  });

  it('claims again at once after every claim that returned work; sleeps only after an empty one', async () => {
    const { server, make } = setUp();
    const events: string[] = [];
    const originalClaim = server.api.claim;
    server.api.claim = async (request) => {
      const answer = await originalClaim(request);
      events.push(`claim ${answer.activities.length}`);
      return answer;
    };
    for (let index = 0; index < 5; index += 1) server.add(activityOf('VisitProfile'));
    let stopped: Promise<unknown> | undefined;
    const runner = make({
      maxClaim: 2,
      pollIntervalMs: 5_000,
      sleep: async (milliseconds) => {
        events.push(`sleep ${milliseconds}`);
        stopped ??= runner.stop();
      },
    });
    runner.start();
    await runner.settled();
    await stopped;
    // A sleep between the claims that returned work (pg-boss's fixed wait) would show here.
    expect(events).toEqual(['claim 2', 'claim 2', 'claim 1', 'claim 0', 'sleep 5000']);
    expect(runner.state().counts.executed).toBe(5);
  });

  it('with a wake-up, a signal that came during an empty claim ends the next wait at once', async () => {
    const { server, make } = setUp();
    const sleeps: number[] = [];
    // Ends only when aborted (a wake-up or the stop): a lost wake-up would leave the test hanging.
    const wake = createWakeSignal({
      sleep: (milliseconds, signal) =>
        new Promise((resolve) => {
          sleeps.push(milliseconds);
          signal?.addEventListener('abort', () => resolve(), { once: true });
        }),
    });
    const activity = activityOf('Follow');
    const originalClaim = server.api.claim;
    let rounds = 0;
    server.api.claim = async (request) => {
      const answer = await originalClaim(request);
      rounds += 1;
      // Planned (and signalled) after the claim read the queue: only the wake-up brings it.
      if (rounds === 1) {
        server.add(activity);
        wake.wake();
      }
      return answer;
    };
    let stopped: Promise<unknown> | undefined;
    const runner = make({
      wake,
      pollIntervalMs: 60_000,
      onReport: () => {
        stopped = runner.stop();
      },
    });
    runner.start();
    await runner.settled();
    await stopped;
    expect(server.acceptedOf(activity.activity_id)).toHaveLength(1);
    // Claimed by the second claim, with no wait between the two.
    expect(rounds).toBe(2);
    expect(sleeps).toEqual([]);
  });

  it('a start while a stop finishes the round in hand runs again once it ends (a page reload)', async () => {
    const { network, server, make } = setUp();
    const first = activityOf('Follow');
    const second = activityOf('VisitProfile');
    let reloaded: Promise<unknown> | undefined;
    let secondReported: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      secondReported = resolve;
    });
    const runner = make({
      pollIntervalMs: 5_000,
      onReport: ({ activity }) => {
        if (activity.activity_id === second.activity_id) secondReported();
      },
    });
    server.add(first);
    network.hooks.beforeCall = (method) => {
      if (method !== 'follow') return;
      // The old page stops the runner mid-round, the new page starts it before that round ends.
      reloaded = runner.stop();
      expect(runner.start().status).toBe('stopping');
      server.add(second);
    };
    runner.start();
    await reloaded;
    expect(runner.state().status).toBe('running');
    await done;
    await runner.stop();
    expect(network.actions().map((call) => call.method)).toEqual(['follow', 'visitProfile']);
    expect(server.acceptedOf(second.activity_id)).toHaveLength(1);
  });

  it('stops on a refusal of the automation service itself (signed out)', async () => {
    const { server, make } = setUp();
    server.api.claim = async () => {
      throw new AgentError('NotAuthenticated', 'Not signed in', { status: 401 });
    };
    const runner = make();
    runner.start();
    await runner.settled();
    expect(runner.state()).toMatchObject({ status: 'stopped', lastError: { name: 'NotAuthenticated' } });
  });
});
