import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { assertOnCrmBetaList, crmBetaOnlyMessage } from './crm-beta.ts';

describe('the CRM beta list', () => {
  const member = { personaId: 'persona-1', teamId: null };

  it("lets everyone in with 'any'", () => {
    expect(() => assertOnCrmBetaList({ crmBetaList: 'any' }, member)).not.toThrow();
  });

  it('lets a listed persona or team in and refuses the rest with 403', () => {
    expect(() => assertOnCrmBetaList({ crmBetaList: ['persona-1'] }, member)).not.toThrow();
    expect(() =>
      assertOnCrmBetaList({ crmBetaList: ['team-7'] }, { personaId: 'persona-2', teamId: 'team-7' }),
    ).not.toThrow();
    for (const list of [[], ['persona-2'], ['team-7']]) {
      let refusal: unknown;
      try {
        assertOnCrmBetaList({ crmBetaList: list }, member);
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ status: 403, message: crmBetaOnlyMessage });
    }
  });
});
