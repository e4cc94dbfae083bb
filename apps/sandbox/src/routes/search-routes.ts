import {
  sandboxSearchFacetsPath,
  sandboxSearchPeoplePath,
  sandboxSearchQuerySchema,
} from '@outpilot/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSignedIn, type SandboxContext } from '../sandbox-context.ts';
import { listSearchFacets } from '../search/list-search-facets.ts';

export function registerSearchRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get(sandboxSearchPeoplePath, async (request) => {
    const { member } = requireSignedIn(context, request);
    const query = sandboxSearchQuerySchema.parse(request.query);
    return context.peopleSearch.searchPeople(member, query);
  });

  app.get(sandboxSearchFacetsPath, async (request) => {
    requireSignedIn(context, request);
    return listSearchFacets(context.population.communities);
  });
}
