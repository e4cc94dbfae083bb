import type { ActivityNetworkClient, FetchLike } from '@outpilot/agent';
import { LinkedInNetworkClient } from '@outpilot/agent';
import { ProxyAgent, fetch as proxiedFetch } from 'undici';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { cloudNetworkAccess } from './network-session.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/**
 * The cloud runner's LinkedIn, per persona: the LinkedIn adapter the extension runs, over a fetch
 * that sends the session the user handed over (as the browser sends its cookies) and goes out
 * only through the proxy of the user's country. No session or no proxy: nothing is sent at all.
 * A client is kept per persona while its session and proxy stay the same.
 */
export function createCloudLinkedInNetworks(
  deps: Deps,
): (personaId: string) => Promise<ActivityNetworkClient> {
  const agents = new Map<string, ProxyAgent>();
  const clients = new Map<string, { key: string; client: LinkedInNetworkClient }>();
  const agentFor = (url: string) => {
    let agent = agents.get(url);
    if (!agent) {
      agent = new ProxyAgent(url);
      agents.set(url, agent);
    }
    return agent;
  };
  return async (personaId) => {
    const access = await cloudNetworkAccess(deps, personaId);
    if (!access) {
      throw new AppError(401, 'NotAuthenticated', 'No LinkedIn session or proxy for cloud automation');
    }
    const key = `${access.proxy.url}|${access.cookies.li_at}|${access.cookies.JSESSIONID}`;
    const kept = clients.get(personaId);
    if (kept?.key === key) return kept.client;
    const jar = new Map<string, string>(Object.entries(access.cookies));
    const dispatcher = agentFor(access.proxy.url);
    const fetchThroughProxy: FetchLike = async (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
      // undici's own fetch and Response: the dispatcher must come from the same undici.
      const response = await proxiedFetch(input, {
        ...(init as Parameters<typeof proxiedFetch>[1]),
        headers: [...headers],
        dispatcher,
      });
      return response as unknown as Response;
    };
    const client = new LinkedInNetworkClient({
      baseUrl: deps.config.cloudAutomation.linkedInUrl,
      fetch: fetchThroughProxy,
      readCookie: async (name) => jar.get(name) ?? null,
    });
    clients.set(personaId, { key, client });
    return client;
  };
}
