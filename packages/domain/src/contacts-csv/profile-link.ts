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

/**
 * The canonical link of a profile, as exports and the CSV example write it. Either id goes
 * through encodeURIComponent: a lead id as the network writes it (letters, digits, - and _)
 * comes out as it is, anything else cannot break the link.
 */
export function profileLinkUrl(link: ProfileLink): string {
  if (link.publicIdentifier !== undefined) {
    return `https://www.linkedin.com/in/${encodeURIComponent(link.publicIdentifier)}/`;
  }
  return `https://www.linkedin.com/sales/lead/${encodeURIComponent(link.salesLeadId)}`;
}
