import {
  type DialectLead,
  leadSearchAnswer,
  profileIdOfSalesId,
  readSalesProfileKeys,
  salesProfilesAnswer,
} from '@outpilot/agent/linkedin-dialect';
import type { ConnectionDegree } from '@outpilot/contracts';
import type { ImportSearch } from '@outpilot/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SandboxError } from '../http/sandbox-error.ts';
import { withCurrentDegrees } from '../routes/search-routes.ts';
import type { SandboxContext } from '../sandbox-context.ts';
import { readSearchUrl } from '../search/read-search-url.ts';
import { LinkedInRefusal } from './linkedin-refusal.ts';
import { requireApiSession } from './linkedin-session.ts';
import { toDialectMember } from './to-dialect.ts';

const salesApi = '/sales-api';
const site = 'https://www.linkedin.com';
/** Leads one call may ask: the UI shows 25 a page, scripts ask up to 100 (reference §1). */
const maxLeadsPerCall = 100;
/** Keys one batch get of salesApiProfiles may name. */
const maxProfilesPerCall = 100;

const pagingSchema = z.object({
  start: z.coerce.number().int().min(0).max(100_000).default(0),
  count: z.coerce.number().int().min(1).max(100_000).default(25),
});

/** Sales Navigator's degree badge: none out of network. */
const leadDegreeOf: Record<ConnectionDegree, 1 | 2 | 3 | null> = {
  SELF: null,
  FIRST: 1,
  SECOND: 2,
  THIRD: 3,
  OUT_OF_NETWORK: null,
};

/**
 * A query parameter exactly as sent, not decoded: a REST.li text keeps its percent-escaped leaves
 * (urn%3Ali%3Ageo%3A1 is one leaf; decoded, its colons would split it).
 */
function rawQueryParam(request: FastifyRequest, name: string): string | undefined {
  const url = request.raw.url ?? '';
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  for (const part of query.split('&')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at) === name) return part.slice(at + 1);
  }
  return undefined;
}

/** An id named in a query, as a URL path or parameter carries it; undefined when it is no text. */
function idOf(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
}

/**
 * The Sales Navigator link a salesApiLeadSearch query stands for. The query of a search link is
 * the link's own query=(…) (the adapter copies it, as the site does); a lead list, a recent and a
 * saved search are asked by their id. The link is then read by the sandbox's one reader of links
 * (readSearchUrl), so the facade and the sandbox's own dialect search the same people for it.
 */
function linkOfLeadQuery(query: string): string | undefined {
  if (query.includes('LEAD_LIST')) {
    const list = idOf(
      /^\(filters:List\(\(type:LEAD_LIST,values:List\(\(id:([^,()]+)(?:,selectionType:INCLUDED)?\)\)\)\)\)$/.exec(
        query,
      )?.[1],
    );
    return list ? `${site}/sales/lists/people/${list}` : undefined;
  }
  const recent = idOf(
    /^\(recentSearchParam:\(id:([^,()]+)(?:,doLogHistory:(?:true|false))?\)\)$/.exec(query)?.[1],
  );
  if (recent) return `${site}/sales/search/people?recentSearchId=${recent}`;
  const saved = idOf(/^\(savedSearchId:([^,()]+)\)$/.exec(query)?.[1]);
  if (saved) return `${site}/sales/search/people?savedSearchId=${saved}`;
  return `${site}/sales/search/people?query=${encodeURIComponent(query)}`;
}

function leadSearchOf(query: string | undefined): ImportSearch {
  const link = query ? linkOfLeadQuery(query) : undefined;
  const search = link ? readSearchUrl(link) : undefined;
  // A query the site cannot read: 400 "wrong query" (reference §2.2).
  if (!search?.kind.startsWith('sales_navigator_')) throw new LinkedInRefusal(400);
  return search;
}

/**
 * Sales Navigator in LinkedIn's dialect (reference §0, §1): salesApiLeadSearch for a search, a
 * recent or saved search and a lead list, 25 leads a page named by fs_salesProfile URNs (ACw ids),
 * and salesApiProfiles, a REST.li batch get giving each lead's profile address. Without a seat
 * every call is a 403 (SalesNavigatorNotAuthorized). Registered by the facade, inside its scope.
 */
export function registerLinkedInSalesNavigator(app: FastifyInstance, context: SandboxContext): void {
  const requireSeat = (request: FastifyRequest) => {
    const signedIn = requireApiSession(context, request);
    if (!signedIn.member.hasSalesNavigator) throw new LinkedInRefusal(403);
    return signedIn;
  };

  app.get(`${salesApi}/salesApiLeadSearch`, async (request) => {
    const { member } = requireSeat(request);
    if ((request.query as Record<string, unknown>).q !== 'searchQuery') throw new LinkedInRefusal(400);
    const search = leadSearchOf(rawQueryParam(request, 'query'));
    const paging = pagingSchema.parse(request.query);
    const page = { start: paging.start, count: Math.min(paging.count, maxLeadsPerCall) };
    try {
      const found = withCurrentDegrees(context, member, context.peopleSearch.searchFor(member, search, page));
      return leadSearchAnswer({
        ...page,
        total: found.total,
        // The same rows as the sandbox's own dialect, a "LinkedIn Member" one included.
        leads: found.elements.map((hit): DialectLead => {
          const lead = hit.invisible ? undefined : context.population.findByEntityId(hit.entityId);
          return lead
            ? { member: toDialectMember(lead), degree: leadDegreeOf[hit.degree] }
            : { private: true };
        }),
      });
    } catch (error) {
      // Sales Navigator answers a search that finds nobody with an empty page.
      if (error instanceof SandboxError && error.name === 'EmptySearchPage')
        return leadSearchAnswer({ ...page, total: 0, leads: [] });
      throw error;
    }
  });

  app.get(`${salesApi}/salesApiProfiles`, async (request) => {
    requireSeat(request);
    const keys = readSalesProfileKeys(rawQueryParam(request, 'ids') ?? '');
    if (keys.length === 0 || keys.length > maxProfilesPerCall) throw new LinkedInRefusal(400);
    return salesProfilesAnswer(
      keys.map(({ key, salesId }) => {
        const profileId = profileIdOfSalesId(salesId);
        const lead = profileId ? context.population.findByEntityId(profileId) : undefined;
        // A member who shows as "LinkedIn Member" is not named through their lead either.
        return { key, member: lead?.isVisible ? toDialectMember(lead) : undefined };
      }),
    );
  });
}
