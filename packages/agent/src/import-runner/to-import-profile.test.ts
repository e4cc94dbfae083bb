import type { NetworkProfile } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { toImportProfile } from './to-import-profile.ts';

const member: NetworkProfile = {
  entityId: 'ACoAAB1',
  publicIdentifier: 'ann-lee',
  firstName: 'Ann',
  lastName: 'Lee',
  headline: 'Teacher at Falcon Payments',
  picture: null,
  location: 'Manchester',
  company: 'Falcon Payments',
  degree: 'SECOND',
  isPremium: false,
  hasSalesNavigator: false,
};

describe('toImportProfile', () => {
  it("stores the network's degree as the contact's distance, OUT_OF_NETWORK as 3rd+", () => {
    const distanceOf = (degree: NetworkProfile['degree']) => toImportProfile({ ...member, degree }).distance;
    expect(distanceOf('FIRST')).toBe(1);
    expect(distanceOf('SECOND')).toBe(2);
    expect(distanceOf('THIRD')).toBe(3);
    expect(distanceOf('OUT_OF_NETWORK')).toBe(3);
    expect(distanceOf('SELF')).toBeNull();
  });
});
