import {
  type SandboxSearchResponse,
  sandboxSearchFacetsPath,
  sandboxSearchPeoplePath,
  sandboxSearchQuerySchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { degreeBetween } from '../network-state/relationships.ts';
import type { Person } from '../population/person.ts';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { listSearchFacets } from '../search/list-search-facets.ts';

/** Search matches on the seeded graph; hits connected since by an accepted invitation show as 1st degree. */
function withCurrentDegrees(context: SandboxContext, member: Person, page: SandboxSearchResponse) {
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
  app.get(sandboxSearchPeoplePath, async (request) => {
    const { member } = requireSignedIn(context, request);
    const query = sandboxSearchQuerySchema.parse(request.query);
    return withCurrentDegrees(context, member, context.peopleSearch.searchPeople(member, query));
  });

  app.get(sandboxSearchFacetsPath, async (request) => {
    requireSignedIn(context, request);
    return listSearchFacets(context.population.communities);
  });
}
