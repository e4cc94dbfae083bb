import { publicIdentifierMaxLength } from '@outpilot/contracts';

/** A profile as a contact file names it: by public identifier (in/…) or Sales Navigator lead id. */
export type ProfileLink =
  | { publicIdentifier: string; salesLeadId?: never }
  | { salesLeadId: string; publicIdentifier?: never };

// Any linkedin.com host (www., de., mobile.) with or without scheme, then in/ or sales/lead/.
const linkPattern = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*linkedin\.com\/(in|sales\/lead)\/([^/?#\s]+)/i;
const salesLeadIdPattern = /^[A-Za-z0-9_-]{1,200}$/;
// Characters that never occur in a slug; seeing one means the link is broken or hostile.
const forbiddenInSlug = /[\s/?#<>"'`\\%\p{Cc}]/u;

/**
 * Reads https://www.linkedin.com/in/jane-doe/ (any host prefix, query, trailing slash; a
 * percent-encoded slug is decoded) or …/sales/lead/ACwAAB…,NAME_SEARCH,x. Anything else is null.
 * Public identifiers are lower-cased: the network treats them case-insensitively.
 */
export function parseProfileLink(text: string): ProfileLink | null {
  const match = linkPattern.exec(text.trim());
  if (match === null) return null;
  const [, kind = '', raw = ''] = match;
  if (kind.toLowerCase() === 'in') {
    let slug: string;
    try {
      slug = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (slug.length === 0 || slug.length > publicIdentifierMaxLength || forbiddenInSlug.test(slug))
      return null;
    return { publicIdentifier: slug.toLowerCase() };
  }
  const leadId = raw.split(',')[0] ?? '';
  return salesLeadIdPattern.test(leadId) ? { salesLeadId: leadId } : null;
}

/** Where LinkedIn serves a member's profile (public identifier or member id) and a Sales Navigator lead. */
export const linkedinProfileBase = 'https://www.linkedin.com/in/';
export const salesLeadBase = 'https://www.linkedin.com/sales/lead/';

/** The ids a profile link can be built from; a caller passes those it means to link by. */
export type ProfileIds = {
  publicIdentifier?: string | null;
  /** LinkedIn's member id (ACoAA…), which it also resolves under /in/. */
  entityId?: string | null;
  salesLeadId?: string | null;
};

/**
 * The one link to a LinkedIn profile, as exports, the CSV example, documents and the runner use
 * it: the public identifier under /in/, else the member id under /in/, else the Sales Navigator
 * lead under /sales/lead/ (never under /in/, where LinkedIn knows no lead ids); null with none.
 * Each id goes through encodeURIComponent: an id as the network writes it comes out as it is,
 * anything else cannot break the link.
 */
export function profileLinkUrl(link: ProfileLink): string;
export function profileLinkUrl(ids: ProfileIds): string | null;
export function profileLinkUrl(ids: ProfileIds): string | null {
  const member = ids.publicIdentifier ?? ids.entityId;
  if (member) return `${linkedinProfileBase}${encodeURIComponent(member)}/`;
  if (ids.salesLeadId) return `${salesLeadBase}${encodeURIComponent(ids.salesLeadId)}`;
  return null;
}
