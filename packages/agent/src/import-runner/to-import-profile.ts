import {
  type ConnectionDegree,
  type ContactDistance,
  contactLongTextMaxLength,
  contactTextMaxLength,
  contactUrlMaxLength,
  type ImportProfileInput,
  type NetworkProfile,
  publicIdentifierMaxLength,
} from '@outpilot/contracts';

/** OUT_OF_NETWORK people are 3rd+ contacts too: the '3rd+' badge and filter (distance 3) include them. */
const distances: Partial<Record<ConnectionDegree, ContactDistance>> = {
  FIRST: 1,
  SECOND: 2,
  THIRD: 3,
  OUT_OF_NETWORK: 3,
};

/** Empty text travels as null; overlong text is cut to the contact's limits rather than refused. */
function clip(text: string | null, max: number): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
}

/** A member found on the network as POST imports/{id}/profiles takes it. */
export function toImportProfile(profile: NetworkProfile): ImportProfileInput {
  return {
    linkedin_public_identifier: clip(profile.publicIdentifier, publicIdentifierMaxLength),
    linkedin_entity_id: clip(profile.entityId, 100),
    first_name: clip(profile.firstName, contactTextMaxLength),
    last_name: clip(profile.lastName, contactTextMaxLength),
    full_name: clip(`${profile.firstName} ${profile.lastName}`, contactTextMaxLength),
    occupation: clip(profile.headline, contactLongTextMaxLength),
    location: clip(profile.location, contactTextMaxLength),
    company: clip(profile.company, contactTextMaxLength),
    picture_url: clip(profile.picture, contactUrlMaxLength),
    distance: distances[profile.degree] ?? null,
    is_premium: profile.isPremium,
  };
}
