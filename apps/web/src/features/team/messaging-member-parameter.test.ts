import type { TeamMember } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { memberParameterStep } from './messaging-member-parameter.tsx';

const member = (fields: Partial<TeamMember>): TeamMember => ({
  id: 'row-1',
  persona_id: 'member-1',
  nickname: null,
  email: 'm@example.test',
  name: 'Mia',
  role: 'user',
  pending: false,
  added: '2026-11-01T00:00:00.000Z',
  avatar: null,
  linkedin_profile: null,
  subscription: null,
  ...fields,
});
const owner = { personaId: 'owner-1', impersonatedPersona: null };
const working = { personaId: 'member-1', impersonatedPersona: 'member-1' };
const members = [
  member({}),
  member({ id: 'row-2', persona_id: null, email: 'p@example.test', pending: true }),
];

describe('the messaging page member parameter (seed 000 §2)', () => {
  it('loads the persona list for another member, then signs in under a known active one', () => {
    const input = { parameter: 'member-1', previous: null, profile: owner };
    expect(memberParameterStep({ ...input, members: 'loading' })).toEqual({ kind: 'load-members' });
    expect(memberParameterStep({ ...input, members })).toEqual({ kind: 'sign-in', memberId: 'row-1' });
  });

  it('clears an unknown or pending member, and a list that cannot be read', () => {
    expect(memberParameterStep({ parameter: 'nobody', previous: null, profile: owner, members })).toEqual({
      kind: 'clear',
    });
    const pending = [member({ persona_id: 'member-2', pending: true })];
    expect(
      memberParameterStep({ parameter: 'member-2', previous: null, profile: owner, members: pending }),
    ).toEqual({
      kind: 'clear',
    });
    expect(
      memberParameterStep({ parameter: 'x', previous: null, profile: owner, members: 'failed' }),
    ).toEqual({
      kind: 'clear',
    });
  });

  it('does nothing for the current persona or while impersonating, and stops the session when cleared', () => {
    expect(memberParameterStep({ parameter: 'owner-1', previous: null, profile: owner, members })).toEqual({
      kind: 'none',
    });
    expect(memberParameterStep({ parameter: 'member-1', previous: null, profile: working, members })).toEqual(
      {
        kind: 'none',
      },
    );
    expect(memberParameterStep({ parameter: null, previous: 'member-1', profile: working, members })).toEqual(
      {
        kind: 'stop-session',
      },
    );
    // A member session that never had the parameter is left alone.
    expect(memberParameterStep({ parameter: null, previous: null, profile: working, members })).toEqual({
      kind: 'none',
    });
    expect(memberParameterStep({ parameter: null, previous: 'member-1', profile: owner, members })).toEqual({
      kind: 'none',
    });
  });
});
