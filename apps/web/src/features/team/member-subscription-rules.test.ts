import type { AppProfile, SubscriptionResponse, TeamMember } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  isRemovable,
  isSelfPaid,
  mayManageMemberSubscriptions,
  memberSubscriptionActions,
  offeredPlans,
} from './member-subscription-rules.ts';

const subscription = (fields: Partial<SubscriptionResponse> = {}): SubscriptionResponse => ({
  plan_id: 'basic',
  is_active: true,
  state: 'active',
  activation_date: '2026-11-01T00:00:00.000Z',
  next_charge_date: '2026-12-01T00:00:00.000Z',
  expiration_date: null,
  actual_price: 38,
  base_price: 38,
  owner_id: 'owner-persona',
  activated_by: { name: 'Olivia Owner', email: 'o@example.test' },
  as_of: '2026-11-15T00:00:00.000Z',
  ...fields,
});

const member = (fields: Partial<TeamMember> = {}): TeamMember => ({
  id: 'm1',
  persona_id: 'member-persona',
  nickname: null,
  email: 'm@example.test',
  name: 'Mia Member',
  role: 'user',
  pending: false,
  added: '2026-11-01T00:00:00.000Z',
  avatar: null,
  linkedin_profile: null,
  subscription: subscription(),
  ...fields,
});

const profile = { impersonatedPersona: null, teamRole: 'owner' } as AppProfile;
const now = new Date('2026-11-27T00:00:00Z');

describe('member subscriptions (seed 000 §6)', () => {
  it('activates trial or inactive members and upgrades or cancels team-paid ones; resume when canceled', () => {
    expect(
      memberSubscriptionActions(
        member({ subscription: subscription({ plan_id: 'trial', owner_id: 'member-persona' }) }),
      ),
    ).toEqual(['activate']);
    expect(memberSubscriptionActions(member({ subscription: subscription({ is_active: false }) }))).toEqual([
      'activate',
    ]);
    expect(memberSubscriptionActions(member())).toEqual(['upgrade', 'cancel']);
    expect(memberSubscriptionActions(member({ subscription: subscription({ state: 'canceled' }) }))).toEqual([
      'resume',
    ]);
  });

  it("offers nothing on the owner's row, a pending invitation or a Self-Paid plan", () => {
    const selfPaid = member({
      subscription: subscription({ owner_id: 'member-persona', activated_by: null }),
    });
    expect(isSelfPaid(selfPaid)).toBe(true);
    expect(memberSubscriptionActions(selfPaid)).toEqual([]);
    expect(memberSubscriptionActions(member({ role: 'owner' }))).toEqual([]);
    expect(
      memberSubscriptionActions(member({ pending: true, persona_id: null, subscription: null })),
    ).toEqual([]);
  });

  it('removes only members whose plan is inactive or self-owned', () => {
    expect(isRemovable(member())).toBe(false);
    expect(isRemovable(member({ subscription: subscription({ is_active: false }) }))).toBe(true);
    expect(isRemovable(member({ subscription: subscription({ owner_id: 'member-persona' }) }))).toBe(true);
  });

  it('lets the owner with a paid plan manage, not on the trial, not while impersonating, not a manager today', () => {
    expect(mayManageMemberSubscriptions(profile, subscription(), now)).toBe(true);
    expect(mayManageMemberSubscriptions(profile, subscription({ plan_id: 'trial' }), now)).toBe(false);
    expect(mayManageMemberSubscriptions({ ...profile, impersonatedPersona: 'p' }, subscription(), now)).toBe(
      false,
    );
    const manager = { ...profile, teamRole: 'manager' } as AppProfile;
    expect(mayManageMemberSubscriptions(manager, subscription(), now)).toBe(false);
    const early = subscription({ activation_date: '2023-04-01T00:00:00.000Z' });
    expect(mayManageMemberSubscriptions(manager, early, new Date('2023-05-01T00:00:00Z'))).toBe(true);
  });

  it("leaves the member's active plan out of the plans offered", () => {
    expect(offeredPlans(member())).toEqual(['pro', 'team']);
    expect(offeredPlans(member({ subscription: subscription({ is_active: false }) }))).toEqual([
      'basic',
      'pro',
      'team',
    ]);
  });
});
