import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../db/schema.ts';
import {
  alwaysWorking,
  claim,
  dayMs,
  dueAllAt,
  engineUser,
  executionOf,
  logCount,
  monday8am,
  report,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { applyTimeouts } from './apply-timeouts.ts';

describe.each(testBackends())('timeouts on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });
  const deps = () => ({ db: server.db, clock: server.clock });

  it('withdraws an invitation not accepted within 10 days: Withdraw queued, then Ignored (Withdrawn)', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, {
      steps: [{ type: 'Connect', message_template: '', timeout: 14_400, delay: 30 }],
      contacts: 1,
    });
    await dueAllAt(server, user.personaId, server.clock.now());
    const [connect] = await claim(server, user);
    if (!connect) throw new Error('nothing claimed');
    await report(server, user, connect, 'executed', { network_ref: 'invitation-42' });
    expect((await executionOf(server, connect.execution_id)).state).toBe('InProgress');
    server.clock.advance(10 * dayMs - 60_000);
    expect(await applyTimeouts(deps())).toEqual({ withdrawalsQueued: 0, timedOut: 0 });
    server.clock.advance(120_000);
    expect(await applyTimeouts(deps())).toEqual({ withdrawalsQueued: 1, timedOut: 0 });
    expect(await applyTimeouts(deps())).toEqual({ withdrawalsQueued: 0, timedOut: 0 });
    await dueAllAt(server, user.personaId, server.clock.now());
    const [withdraw] = await claim(server, user);
    expect(withdraw).toMatchObject({
      operation_type: 'Withdraw',
      network_ref: 'invitation-42',
      step_number: 1,
    });
    if (!withdraw) return;
    await report(server, user, withdraw, 'withdrawn');
    const execution = await executionOf(server, connect.execution_id);
    expect(execution.state).toBe('Ignored');
    expect(execution.stepStates['1']).toBe('Ignored');
    expect(await logCount(server, user.personaId, 'invitation_withdrawn')).toBe(1);
  });

  it('a message not answered in time moves to the next step, and the last one ends Not responded', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    await runningCampaign(server, user, {
      steps: [
        { type: 'Message', message_template: 'One', timeout: 4320 },
        { type: 'Message', message_template: 'Two', timeout: 4320 },
      ],
      contacts: 1,
    });
    await dueAllAt(server, user.personaId, server.clock.now());
    const [first] = await claim(server, user);
    if (!first) throw new Error('nothing claimed');
    expect(first.message).toBe('One');
    await report(server, user, first, 'executed');
    server.clock.advance(3 * dayMs + 1000);
    expect((await applyTimeouts(deps())).timedOut).toBe(1);
    expect(await executionOf(server, first.execution_id)).toMatchObject({ state: 'InQueue', stepIndex: 1 });
    const queued = await server.db
      .select()
      .from(activities)
      .where(and(eq(activities.executionId, first.execution_id), eq(activities.stepNumber, 2)));
    expect(queued[0]?.state).toBe('queued');
    await dueAllAt(server, user.personaId, server.clock.now());
    const [second] = await claim(server, user);
    if (!second) throw new Error('nothing claimed');
    expect(second.message).toBe('Two');
    await report(server, user, second, 'executed');
    server.clock.advance(3 * dayMs + 1000);
    expect((await applyTimeouts(deps())).timedOut).toBe(1);
    const execution = await executionOf(server, first.execution_id);
    expect(execution.state).toBe('Ignored');
  });
});
