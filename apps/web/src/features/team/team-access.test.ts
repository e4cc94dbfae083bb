import type { AppProfile } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { teamPromptFor } from './team-access.ts';

const base: AppProfile = {
  id: 'u1',
  email: 'a@example.test',
  givenName: 'A',
  familyName: 'B',
  isBackendAutomation: false,
  isBetaUser: true,
  impersonatedPersona: null,
  subscriptionIsActive: true,
  subscriptionOwnerId: 'p1',
  personaId: 'p1',
  teamId: null,
  teamRole: null,
  timezoneOffset: 0,
  workingHoursSet: true,
  accessTokenExpiresAt: '2026-11-27T00:00:00.000Z',
  isTeamPlanAccessible: false,
  isProPlanAccessible: false,
  exceedLinkedInInvitationsLimit: false,
  onBoarding: false,
  runningActivitiesEnabled: true,
  linkedInProfile: null,
};

describe('teamPromptFor (seed 000 §2 team layout)', () => {
  it('welcomes a user with no team whose plan allows teams, or whose subscription is inactive', () => {
    expect(teamPromptFor({ ...base, isTeamPlanAccessible: true })).toBe('welcome');
    expect(teamPromptFor({ ...base, subscriptionIsActive: false })).toBe('welcome');
  });

  it('asks an active subscriber without a team, and a member without team access, to upgrade', () => {
    expect(teamPromptFor(base)).toBe('upgrade');
    expect(teamPromptFor({ ...base, teamId: 't1', teamRole: 'user' })).toBe('upgrade');
  });

  it('tells a member paid by someone else, without team access, that they have no access', () => {
    expect(teamPromptFor({ ...base, teamId: 't1', teamRole: 'user', subscriptionOwnerId: 'p0' })).toBe(
      'no-access',
    );
  });

  it('shows the tab with team access, and in a member session', () => {
    expect(teamPromptFor({ ...base, teamId: 't1', teamRole: 'owner', isTeamPlanAccessible: true })).toBe(
      'tab',
    );
    expect(teamPromptFor({ ...base, teamId: 't1', teamRole: 'user', impersonatedPersona: 'p1' })).toBe('tab');
  });
});
