import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities } from '../db/schema.ts';
import {
  alwaysWorking,
  automation,
  claim,
  dueAllAt,
  engineUser,
  executionOf,
  logCount,
  minuteMs,
  monday8am,
  report,
  runningCampaign,
} from '../testing/engine-test-kit.ts';
import { testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const steps = [
  { type: 'Connect' as const, message_template: 'Hi', timeout: 14_400, delay: 30 },
  { type: 'Message' as const, message_template: 'Thanks {first_name}', timeout: 4320 },
  { type: 'Message' as const, message_template: 'Follow-up', timeout: 4320 },
];

describe.each(testBackends())('sync connections and conversations on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl, { clockStart: monday8am });

  it('an accepted invitation moves the execution to the next step after its delay; a reply ends it Succeed', async () => {
    const user = await engineUser(server, { workingHours: alwaysWorking });
    const { contacts } = await runningCampaign(server, user, { steps, contacts: 1 });
    const contact = contacts[0];
    if (!contact) throw new Error('no contact');
    await dueAllAt(server, user.personaId, server.clock.now());
    const [connect] = await claim(server, user);
    if (!connect) throw new Error('nothing claimed');
    await report(server, user, connect, 'executed', { network_ref: 'inv-1' });

    const connectedAt = new Date(server.clock.now().getTime() + 60 * minuteMs);
    server.clock.advance(2 * 60 * minuteMs);
    const connections = {
      persona_id: user.personaId,
      connections: [
        {
          public_identifier: contact.linkedinPublicIdentifier ?? '',
          entity_id: null,
          connected_at: connectedAt.toISOString(),
        },
      ],
    };
    const synced = await automation(server, user, '/sync/connections', connections);
    expect(synced.body).toEqual({ updated_executions: 1, sync_token: null });
    expect((await automation(server, user, '/sync/connections', connections)).body.updated_executions).toBe(
      0,
    );
    const execution = await executionOf(server, connect.execution_id);
    expect(execution).toMatchObject({ state: 'InQueue', stepIndex: 2 });
    expect(execution.dueAt?.getTime()).toBe(connectedAt.getTime() + 30 * minuteMs);
    expect(execution.stepStates['1']).toBe('Succeed');
    expect(await logCount(server, user.personaId, 'invitation_accepted')).toBe(1);

    await dueAllAt(server, user.personaId, server.clock.now());
    const [message] = await claim(server, user);
    expect(message).toMatchObject({ operation_type: 'Message', message: `Thanks ${contact.firstName}` });
    if (!message) return;
    await report(server, user, message, 'executed');
    // Someone else's message and our own change nothing; the contact's reply does.
    const reply = (from: string, self: boolean, id: string) => ({
      message_id: id,
      conversation_id: 'conv-1',
      conversation_url: 'https://www.linkedin.com/messaging/thread/conv-1/',
      from_public_identifier: from,
      from_entity_id: null,
      from_self: self,
      sent_at: server.clock.now().toISOString(),
    });
    server.clock.advance(minuteMs);
    const conversations = {
      persona_id: user.personaId,
      messages: [
        reply('someone-else', false, 'm0'),
        reply(contact.linkedinPublicIdentifier ?? '', true, 'm1'),
        reply(contact.linkedinPublicIdentifier ?? '', false, 'm2'),
      ],
      next_sync_token: 'token-2',
    };
    const answered = await automation(server, user, '/sync/conversations', conversations);
    expect(answered.body).toEqual({ updated_executions: 1, sync_token: 'token-2' });
    expect(
      (await automation(server, user, '/sync/conversations', conversations)).body.updated_executions,
    ).toBe(0);
    const done = await executionOf(server, connect.execution_id);
    expect(done).toMatchObject({
      state: 'Succeed',
      conversationUrl: conversations.messages[2]?.conversation_url,
    });
    expect(await logCount(server, user.personaId, 'reply_received')).toBe(1);
    const left = await server.db
      .select()
      .from(activities)
      .where(and(eq(activities.executionId, connect.execution_id), eq(activities.state, 'queued')));
    expect(left).toEqual([]);
  });

  it('refuses to sync for another workspace', async () => {
    const user = await engineUser(server);
    const other = await engineUser(server);
    const answer = await automation(server, user, '/sync/connections', {
      persona_id: other.personaId,
      connections: [],
    });
    expect(answer.status).toBe(404);
  });
});
