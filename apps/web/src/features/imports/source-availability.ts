import {
  type AppProfile,
  formatCount,
  type ImportSourceCard,
  type ImportSourceType,
  importSourceCards,
  importTexts,
  type NetworkProfile,
} from '@outpilot/contracts';

/** Why a source card cannot be chosen (§2.4), or null when it can. */
export type SourceBlock =
  | { kind: 'comingSoon' }
  | { kind: 'needsPro' }
  | { kind: 'notSignedIn'; tooltip: string }
  | null;

/** The name of the network account the user linked ('Please, sign in at LinkedIn as {name} …'). */
export function expectedNetworkName(profile: AppProfile): string {
  const linked = profile.linkedInProfile;
  const parts = linked ? [linked.givenName, linked.familyName] : [profile.givenName, profile.familyName];
  return parts.filter((part) => part && part.trim() !== '').join(' ');
}

export function findSourceBlock(
  card: ImportSourceCard,
  profile: AppProfile,
  networkProfile: NetworkProfile | null,
): SourceBlock {
  if (card.isComingSoon) return { kind: 'comingSoon' };
  if (card.needsPro && !profile.isProPlanAccessible) return { kind: 'needsPro' };
  if (card.needsNetworkSignIn && networkProfile === null) {
    return {
      kind: 'notSignedIn',
      tooltip: importTexts.signInAs.replace('{name}', expectedNetworkName(profile)),
    };
  }
  return null;
}

export const importSourceOrder = Object.keys(importSourceCards) as ImportSourceType[];

export function fillCount(text: string, count: number): string {
  return text.replace('{n}', formatCount(count));
}
