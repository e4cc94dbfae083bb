import {
  type SandboxSearchResponse,
  sandboxSearchFacetsPath,
  sandboxSearchFacetsSchema,
  sandboxSearchPeoplePath,
  sandboxSearchQuerySchema,
  sandboxSearchResponseSchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { readInput } from '../http/read-input.ts';
import { drawsFaults, routeDocs, signedIn } from '../http/route-docs.ts';
import { degreeBetween } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { listSearchFacets } from '../search/list-search-facets.ts';

/** Search matches on the seeded graph; hits connected since by an accepted invitation show as 1st degree. */
export function withCurrentDegrees(context: SandboxContext, member: Person, page: SandboxSearchResponse) {
  const now = context.clock.now();
  return {
    ...page,
    elements: page.elements.map((hit) => {
      if (hit.invisible || hit.degree === 'FIRST') return hit;
      const person = context.population.findByEntityId(hit.entityId);
      return person ? { ...hit, degree: degreeBetween(context, member, person, now) } : hit;
    }),
  };
}

export function registerSearchRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(
    sandboxSearchPeoplePath,
    routeDocs({
      summary: 'A page of people for a LinkedIn search link (people search or Sales Navigator)',
      querystring: sandboxSearchQuerySchema,
      answers: { 200: { description: 'The page of hits', schema: sandboxSearchResponseSchema } },
      refusals: [...signedIn, ...drawsFaults, 403, 404, 422],
    }),
    async (request) => {
      const { member } = requireSignedIn(context, request);
      const query = readInput(request, 'query', sandboxSearchQuerySchema);
      return withCurrentDegrees(context, member, context.peopleSearch.searchPeople(member, query));
    },
  );

  app.get(
    sandboxSearchFacetsPath,
    routeDocs({
      summary: 'The values the search filters take (companies, schools, groups, events…)',
      answers: { 200: { description: 'The facets', schema: sandboxSearchFacetsSchema } },
      refusals: signedIn,
    }),
    async (request) => {
      requireSignedIn(context, request);
      return listSearchFacets(context.population.communities);
    },
  );
}
