import type { CountProfileUrlsResult } from '@outpilot/contracts';
import { importTotalMax } from '@outpilot/contracts';
import { parseProfileLink } from '@outpilot/domain';

/**
 * Reads the 'Upload profile URLs' box (seed 002 §2.4, §5): links separated by new lines or spaces,
 * a trailing comma or semicolon allowed. Profile links (in/…) give public identifiers, deduplicated in the order pasted; anything
 * else counts as invalid. Sales Navigator lead links name no public profile to open, so they are
 * invalid here too.
 */
export function readProfileUrls(text: string): CountProfileUrlsResult {
  const identifiers = new Set<string>();
  let invalid = 0;
  for (const raw of text.split(/\s+/)) {
    const token = raw.replace(/^[,;]+|[,;]+$/g, '');
    if (token === '') continue;
    const link = parseProfileLink(token);
    if (link?.publicIdentifier === undefined) {
      invalid += 1;
      continue;
    }
    if (identifiers.size < importTotalMax) identifiers.add(link.publicIdentifier);
  }
  return { total: identifiers.size, identifiers: [...identifiers], invalid };
}
