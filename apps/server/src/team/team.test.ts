import {
  apiPaths,
  billingMessages,
  billingPaths,
  teamLimits,
  teamMessages,
  teamPaths,
  teamPermissionMatrix,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teamMembers } from '../db/schema.ts';
import { issueTestSession, subscribeToPlan, type TestAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { pathOf, teamFixtures } from './team-fixtures.ts';

const day = 86_400_000;

describe.each(testBackends())('teams on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);
  const { call, account, teamOwner, mailedCode, teamWithMember } = teamFixtures(server);

  async function invitedBy(token: string, email: string) {
    const invited = await call('POST', teamPaths.invite, token, { email });
    const members = await call('GET', teamPaths.members, token);
    return {
      invited,
      id: members.body.documents.find((d: { email: string }) => d.email === email)?.id as string,
    };
  }

  it('invites by e-mail, mails a link whose code is stored only hashed, and the invitee joins', async () => {
    const owner = await teamOwner();
    const invitee = await account();
    const invited = await call('POST', teamPaths.invite, owner.token, {
      email: ` ${invitee.account.email} `,
    });
    expect(invited).toEqual({ status: 200, body: { message: teamMessages.invitationSent } });

    const code = await mailedCode(invitee.account.email);
    const stored = await server.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.email, invitee.account.email));
    expect(stored[0]?.inviteCodeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);

    const before = await call('GET', teamPaths.members, owner.token);
    expect(before.body.documents.map((d: { role: string; pending: boolean }) => [d.role, d.pending])).toEqual(
      [
        ['owner', false],
        ['user', true],
      ],
    );

    expect((await call('POST', teamPaths.acceptInvitation, invitee.token, { code })).status).toBe(200);
    const profile = await call('GET', apiPaths.profile, invitee.token);
    const ownerProfile = await call('GET', apiPaths.profile, owner.token);
    expect(ownerProfile.body).toMatchObject({ teamRole: 'owner', isTeamPlanAccessible: true });
    expect(profile.body).toMatchObject({ teamId: ownerProfile.body.teamId, teamRole: 'user' });
    expect(profile.body.isTeamPlanAccessible).toBe(false);
    const after = await call('GET', teamPaths.members, invitee.token);
    expect(after.body.documents[1]).toMatchObject({
      email: invitee.account.email,
      pending: false,
      persona_id: invitee.account.personaId,
    });
  });

  it('refuses bad invitations with the reason', async () => {
    const { owner, member } = await teamWithMember();
    const ownerEmail = (await call('GET', apiPaths.profile, owner.token)).body.email;
    const cases: [unknown, string][] = [
      [{ email: '' }, teamMessages.enterEmail],
      [{ email: '   ' }, teamMessages.enterEmail],
      [{ email: 'not-an-email' }, teamMessages.invalidEmail],
      [{ email: ownerEmail.toUpperCase() }, teamMessages.inviteYourself],
      [{ email: member.account.email }, teamMessages.alreadyMember],
    ];
    for (const [body, message] of cases) {
      const refused = await call('POST', teamPaths.invite, owner.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(refused.body.message).toBe(message);
    }
    const again = 'again@example.test';
    expect((await call('POST', teamPaths.invite, owner.token, { email: again })).status).toBe(200);
    const twice = await call('POST', teamPaths.invite, owner.token, { email: again });
    expect(twice).toMatchObject({ status: 422, body: { message: teamMessages.alreadyInvited } });
  });

  it('needs the Team plan to start a team', async () => {
    const trial = await account();
    const refused = await call('POST', teamPaths.invite, trial.token, { email: 'x@example.test' });
    expect(refused).toMatchObject({ status: 403, body: { message: billingMessages.upgradeToTeam } });
    expect((await call('GET', teamPaths.members, trial.token)).status).toBe(404);
    const profile = await call('GET', apiPaths.profile, trial.token);
    expect(profile.body).toMatchObject({ teamId: null, teamRole: null, isTeamPlanAccessible: false });
  });

  it('takes a code once, before it expires, for the e-mail it was sent to', async () => {
    const owner = await teamOwner();
    const invitee = await account();
    const stranger = await account();
    await call('POST', teamPaths.invite, owner.token, { email: invitee.account.email });
    const code = await mailedCode(invitee.account.email);

    const unknown = await call('POST', teamPaths.acceptInvitation, invitee.token, { code: `${code}x` });
    expect(unknown).toMatchObject({ status: 422, body: { message: teamMessages.invitationInvalid } });
    const other = await call('POST', teamPaths.acceptInvitation, stranger.token, { code });
    expect(other).toMatchObject({ status: 422, body: { message: teamMessages.invitationOtherEmail } });
    expect((await call('POST', teamPaths.acceptInvitation, invitee.token, { code })).status).toBe(200);
    const used = await call('POST', teamPaths.acceptInvitation, invitee.token, { code });
    expect(used).toMatchObject({ status: 422, body: { message: teamMessages.invitationUsed } });

    const late = await account();
    const { id } = await invitedBy(owner.token, late.account.email);
    const firstCode = await mailedCode(late.account.email);
    server.clock.advance(1000);
    expect((await call('POST', pathOf(teamPaths.resendInvitation, id), owner.token)).body).toEqual({
      message: teamMessages.invitationResent,
    });
    const resentCode = await mailedCode(late.account.email);
    expect(resentCode).not.toBe(firstCode);
    const replaced = await call('POST', teamPaths.acceptInvitation, late.token, { code: firstCode });
    expect(replaced).toMatchObject({ status: 422, body: { message: teamMessages.invitationInvalid } });
    server.clock.advance(teamLimits.invitationTtlDays * day + 1000);
    const lateToken = (await issueTestSession(server.app, late.account)).accessToken;
    const expired = await call('POST', teamPaths.acceptInvitation, lateToken, { code: resentCode });
    expect(expired).toMatchObject({ status: 422, body: { message: teamMessages.invitationExpired } });
  });

  it('answers 404 for a member of another team, and revoking an invitation kills its code', async () => {
    const first = await teamWithMember();
    const second = await teamWithMember();
    const foreign = second.memberId;
    for (const [method, path, body] of [
      ['DELETE', teamPaths.member, undefined],
      ['PUT', teamPaths.nickname, { name: 'Spy' }],
      ['POST', teamPaths.resendInvitation, undefined],
      ['POST', teamPaths.impersonate, undefined],
      ['PUT', teamPaths.role, { role: 'manager' }],
    ] as const) {
      const refused = await call(method, pathOf(path, foreign), first.owner.token, body);
      expect(refused.status, path).toBe(404);
      expect(refused.body.message).toBe(teamMessages.memberNotFound);
    }
    const invitee = await account();
    const { id } = await invitedBy(first.owner.token, invitee.account.email);
    const code = await mailedCode(invitee.account.email);
    const revoked = await call('DELETE', pathOf(teamPaths.member, id), first.owner.token);
    expect(revoked.body).toEqual({ message: teamMessages.invitationRevoked(invitee.account.email) });
    const late = await call('POST', teamPaths.acceptInvitation, invitee.token, { code });
    expect(late).toMatchObject({ status: 422, body: { message: teamMessages.invitationInvalid } });
  });

  it('keeps nicknames to 50 characters', async () => {
    const { owner, memberId } = await teamWithMember();
    const long = await call('PUT', pathOf(teamPaths.nickname, memberId), owner.token, {
      name: 'n'.repeat(51),
    });
    expect(long).toMatchObject({ status: 422, body: { message: teamMessages.nicknameTooLong } });
    const ok = await call('PUT', pathOf(teamPaths.nickname, memberId), owner.token, { name: 'n'.repeat(50) });
    expect(ok.body).toEqual({ message: teamMessages.nicknameChanged });
    const members = await call('GET', teamPaths.members, owner.token);
    expect(members.body.documents[1].nickname).toBe('n'.repeat(50));
  });

  it('enforces the permission matrix for plain users and managers', async () => {
    const { owner, member, memberId } = await teamWithMember();
    const ownerId = (await call('GET', teamPaths.members, owner.token)).body.documents[0].id;
    // A plain user: reads the team, changes nothing.
    expect((await call('GET', teamPaths.members, member.token)).status).toBe(200);
    for (const [method, path, body] of [
      ['POST', teamPaths.invite, { email: 'new@example.test' }, ''],
      ['DELETE', pathOf(teamPaths.member, ownerId), undefined],
      ['POST', pathOf(teamPaths.impersonate, ownerId), undefined],
      ['PUT', pathOf(teamPaths.nickname, memberId), { name: 'Me' }],
      ['GET', teamPaths.auditLog, undefined],
    ] as const) {
      const refused = await call(method, path, member.token, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    // A manager: invites and works as plain users, never as the owner or another manager.
    const { owner: boss, member: manager, memberId: managerId } = await teamWithMember('manager');
    expect((await call('GET', apiPaths.profile, manager.token)).body).toMatchObject({
      teamRole: 'manager',
      isTeamPlanAccessible: true,
    });
    const user = await account();
    await call('POST', teamPaths.invite, manager.token, { email: user.account.email });
    await call('POST', teamPaths.acceptInvitation, user.token, {
      code: await mailedCode(user.account.email),
    });
    const rows = (await call('GET', teamPaths.members, boss.token)).body.documents;
    const bossId = rows.find((d: { role: string }) => d.role === 'owner').id;
    const userId = rows.find((d: { email: string }) => d.email === user.account.email).id;
    expect((await call('POST', pathOf(teamPaths.impersonate, bossId), manager.token)).status).toBe(403);
    expect((await call('POST', pathOf(teamPaths.impersonate, managerId), manager.token)).status).toBe(403);
    expect((await call('POST', pathOf(teamPaths.impersonate, userId), manager.token)).status).toBe(200);
    expect(
      (await call('PUT', pathOf(teamPaths.role, userId), manager.token, { role: 'manager' })).status,
    ).toBe(403);
    expect((await call('GET', teamPaths.auditLog, manager.token)).status).toBe(403);
    expect((await call('DELETE', pathOf(teamPaths.member, bossId), boss.token)).status).toBe(422);
    expect((await call('DELETE', pathOf(teamPaths.member, userId), manager.token)).body).toEqual({
      message: teamMessages.memberDeleted,
    });
    expect(teamPermissionMatrix.removeMember.manager).toEqual(['user']);
  });

  it('signs an owner in as a member: short-lived, not refreshable, no second member session, ends on removal', async () => {
    const { owner, member, memberId } = await teamWithMember();
    const session = await call('POST', pathOf(teamPaths.impersonate, memberId), owner.token);
    expect(session.status).toBe(200);
    expect(session.body.refreshToken).toBeUndefined();
    const expiresIn = new Date(session.body.accessTokenExpiresAt).getTime() - server.clock.now().getTime();
    // JWT expiry is in whole seconds.
    expect(expiresIn).toBeLessThanOrEqual(teamLimits.impersonationTtlSeconds * 1000);
    expect(expiresIn).toBeGreaterThan(teamLimits.impersonationTtlSeconds * 1000 - 1000);
    const asMember = session.body.accessToken as string;

    const profile = await call('GET', apiPaths.profile, asMember);
    expect(profile.body).toMatchObject({
      personaId: member.account.personaId,
      email: member.account.email,
      impersonatedPersona: member.account.personaId,
    });
    const refresh = await call('POST', apiPaths.refreshToken, asMember, { refreshToken: asMember });
    expect(refresh.status).toBe(403);
    const ownerRow = (await call('GET', teamPaths.members, asMember)).body.documents[0];
    expect((await call('POST', pathOf(teamPaths.impersonate, ownerRow.id), asMember)).status).toBe(403);
    expect((await call('POST', teamPaths.invite, asMember, { email: 'y@example.test' })).status).toBe(403);
    const renamed = await call('PUT', '/workspace/timezone-offset', asMember, { timezone_offset: 60 });
    expect(renamed.status).toBe(200);

    // Stop: the token stops working; the owner's own session goes on.
    expect((await call('POST', teamPaths.stopImpersonation, asMember)).status).toBe(204);
    expect((await call('GET', apiPaths.profile, asMember)).status).toBe(403);
    expect((await call('GET', apiPaths.profile, owner.token)).status).toBe(200);
    expect((await call('POST', teamPaths.stopImpersonation, owner.token)).status).toBe(422);

    // Expiry: a member session ends by itself.
    const second = (await call('POST', pathOf(teamPaths.impersonate, memberId), owner.token)).body
      .accessToken;
    server.clock.advance(teamLimits.impersonationTtlSeconds * 1000);
    expect((await call('GET', apiPaths.profile, second)).status).toBe(403);

    // Removal ends the member's own session and every member session on it at once.
    const ownerToken = (await issueTestSession(server.app, owner.account as TestAccount)).accessToken;
    const memberToken = (await issueTestSession(server.app, member.account)).accessToken;
    const third = (await call('POST', pathOf(teamPaths.impersonate, memberId), ownerToken)).body.accessToken;
    expect((await call('GET', apiPaths.profile, third)).status).toBe(200);
    expect((await call('DELETE', pathOf(teamPaths.member, memberId), ownerToken)).status).toBe(200);
    expect((await call('GET', apiPaths.profile, third)).status).toBe(403);
    expect((await call('GET', apiPaths.profile, memberToken)).status).toBe(403);

    const log = await call('GET', teamPaths.auditLog, ownerToken);
    expect(log.status).toBe(200);
    const actions = log.body.documents.map((entry: { action: string }) => entry.action);
    for (const action of [
      'invited',
      'invitation_accepted',
      'impersonation_started',
      'member_workspace_changed',
      'impersonation_stopped',
      'member_removed',
    ])
      expect(actions).toContain(action);
    // Each call made in the member session is logged with its answer, the refused ones too. They
    // are written once the answer is sent, so the two calls' entries may land in either order.
    const changes = log.body.documents.filter(
      (e: { action: string }) => e.action === 'member_workspace_changed',
    );
    expect(changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          acting_as: member.account.email,
          details: expect.objectContaining({ method: 'PUT', status: 200 }),
        }),
        expect.objectContaining({
          acting_as: member.account.email,
          details: expect.objectContaining({ method: 'POST', status: 403 }),
        }),
      ]),
    );
  });

  it('refuses every billing call that pays or changes the subscription in a member session', async () => {
    const { owner, member, memberId } = await teamWithMember();
    await subscribeToPlan(server.db, member.account.personaId, 'pro', server.clock);
    const asMember = (await call('POST', pathOf(teamPaths.impersonate, memberId), owner.token)).body
      .accessToken as string;
    const refused = { status: 403, body: { message: teamMessages.noBillingInMemberSession } };
    expect(await call('POST', billingPaths.checkout, asMember, { plan_id: 'team' })).toMatchObject(refused);
    expect(await call('POST', billingPaths.ordersSync, asMember, { checkout_id: 'cs_1' })).toMatchObject(
      refused,
    );
    expect(await call('PUT', billingPaths.upgrade, asMember, { plan_id: 'team' })).toMatchObject(refused);
    expect(await call('PUT', billingPaths.cancel, asMember)).toMatchObject(refused);
    expect(await call('PUT', billingPaths.resume, asMember)).toMatchObject(refused);
    expect(await call('GET', billingPaths.managementUrl, asMember)).toMatchObject(refused);
    // Reading stays allowed.
    expect((await call('GET', billingPaths.subscription, asMember)).body).toMatchObject({ plan_id: 'pro' });
  });
});
