import { teamPaths } from '@outpilot/contracts';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox } from '../db/schema.ts';
import { callApi, signInNewAccount, subscribeToPlan, type TestServer } from '../testing/index.ts';

/** A JSON answer's status and body (204: null), for tests that check both. */
export async function answerOf(response: Response) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field
  const body: any = response.status === 204 ? null : await response.json();
  return { status: response.status, body };
}

export const pathOf = (template: string, id: string) => template.replace(':id', id);

/** Teams built through the API the way users build them, for the team tests. */
export function teamFixtures(server: TestServer) {
  const call = async (method: string, path: string, token: string, body?: unknown) =>
    answerOf(await callApi(server.url, method, path, token, body));

  const account = (options: { email?: string } = {}) =>
    signInNewAccount(server, { onboarded: true, clock: server.clock, ...options });

  async function teamOwner() {
    const owner = await account();
    await subscribeToPlan(server.db, owner.account.personaId, 'team', server.clock);
    return owner;
  }

  /** The code of the newest invitation mailed to this address, read from the outbox's link. */
  async function mailedCode(email: string): Promise<string> {
    const [mail] = await server.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.sentAt))
      .limit(1);
    const code = mail?.text.match(/\/invitation_callback\?code=(\S+)/)?.[1];
    if (!code) throw new Error(`no invitation mailed to ${email}`);
    return code;
  }

  async function expectOk(answer: Promise<{ status: number; body: unknown }>, what: string) {
    const { status, body } = await answer;
    if (status !== 200) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  /** The owner (given, or a new Team-plan account) invites a new account, which accepts; its row id. */
  async function addMember(owner: Awaited<ReturnType<typeof teamOwner>>, role: 'user' | 'manager' = 'user') {
    const member = await account();
    await expectOk(call('POST', teamPaths.invite, owner.token, { email: member.account.email }), 'invite');
    await expectOk(
      call('POST', teamPaths.acceptInvitation, member.token, {
        code: await mailedCode(member.account.email),
      }),
      'accept',
    );
    const members = await call('GET', teamPaths.members, owner.token);
    const row = members.body.documents.find((d: { email: string }) => d.email === member.account.email);
    if (role === 'manager')
      await expectOk(call('PUT', pathOf(teamPaths.role, row.id), owner.token, { role }), 'role');
    return { member, memberId: row.id as string };
  }

  async function teamWithMember(role: 'user' | 'manager' = 'user') {
    const owner = await teamOwner();
    return { owner, ...(await addMember(owner, role)) };
  }

  return { call, account, teamOwner, mailedCode, addMember, teamWithMember };
}
