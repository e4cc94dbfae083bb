import type { ClaimedActivity } from '@outpilot/contracts';
import type { MemberRef } from '../network/network-client.ts';

/** The claimed activity's contact as the network port addresses members. */
export const targetOf = ({ target }: ClaimedActivity): MemberRef => ({
  publicIdentifier: target.public_identifier,
  entityId: target.entity_id,
});
