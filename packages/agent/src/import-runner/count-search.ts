import { type ImportUrlSource, invalidImportUrlMessage } from '@outpilot/contracts';
import { parseImportUrl } from '@outpilot/domain';
import { AgentError } from '../errors.ts';
import type { AgentNetworkClient, CallOptions } from '../network/network-client.ts';

/**
 * The wizard's check of a pasted URL (seed 002 §5): a link that is not of the chosen source is
 * 'Check your link and try again'; a good one answers how many members an import of it reaches.
 * A search that finds nobody counts 0 (the wizard keeps Next disabled); other refusals, such as
 * SalesNavigatorNotAuthorized, are the caller's to show. No retries: the wizard asks again as the
 * user types.
 */
export async function countSearch(
  network: Pick<AgentNetworkClient, 'searchPeople'>,
  input: { source: ImportUrlSource; url: string },
  options?: CallOptions,
): Promise<{ total: number }> {
  const url = input.url.trim();
  if (!parseImportUrl(input.source, url).ok) {
    throw new AgentError('UnprocessableEntity', invalidImportUrlMessage, {
      errors: [{ field: 'url', description: invalidImportUrlMessage }],
    });
  }
  try {
    const page = await network.searchPeople({ url, source: input.source }, { start: 0, count: 1 }, options);
    return { total: page.reachable };
  } catch (error) {
    if (error instanceof AgentError && error.name === 'EmptySearchPage') return { total: 0 };
    throw error;
  }
}
