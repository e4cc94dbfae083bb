import { describe, expect, it } from 'vitest';
import { isOnCrmBetaList } from './crm-beta.ts';

const member = { personaId: 'persona-1', teamId: 'team-1' };

describe('isOnCrmBetaList', () => {
  it("shows the link to everyone for 'any'", () => {
    expect(isOnCrmBetaList({ crmBetaList: 'any' }, undefined)).toBe(true);
  });

  it('shows it to a listed team or persona only', () => {
    expect(isOnCrmBetaList({ crmBetaList: ['team-1'] }, member)).toBe(true);
    expect(isOnCrmBetaList({ crmBetaList: ['persona-1'] }, { ...member, teamId: null })).toBe(true);
    expect(isOnCrmBetaList({ crmBetaList: ['team-2', 'persona-2'] }, member)).toBe(false);
    expect(isOnCrmBetaList({ crmBetaList: ['team-1'] }, undefined)).toBe(false);
  });
});
