import { AgentError, type FetchLike, LinkedInNetworkClient, type RequestPacing } from '@outpilot/agent';
import { ProxyAgent, fetch as proxiedFetch } from 'undici';
import type { AppDeps } from '../deps.ts';
import { cloudNetworkAccess } from './network-session.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

export type CloudLinkedInOptions = {
  /** LinkedIn's pace between two requests (default: the adapter's, 2-5 s); tests pass none. */
  pacing?: RequestPacing;
  /** Told which proxy each persona's client goes out through, when the client is made. */
  onProxyChosen?: (choice: { personaId: string; countryCode: string; proxyUrl: string }) => void;
};

/** The cloud's LinkedIn client of each persona (the cloud runner's and the inbox's: one pace). */
export type CloudLinkedInNetworks = (personaId: string) => Promise<LinkedInNetworkClient>;

/**
 * The cloud runner's LinkedIn, per persona: the LinkedIn adapter the extension runs, over a fetch
 * that sends the session the user handed over (as the browser sends its cookies) and goes out
 * only through the proxy of the user's country. No session or no proxy: nothing is sent at all.
 * A client is kept per persona while its session and proxy stay the same.
 */
export function createCloudLinkedInNetworks(
  deps: Deps,
  options: CloudLinkedInOptions = {},
): CloudLinkedInNetworks {
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
      // The engine's word for a session it cannot use: the campaign pauses (NotAuthenticated).
      throw new AgentError('NotAuthenticated', 'No LinkedIn session or proxy for cloud automation', {
        status: 401,
      });
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
      ...(options.pacing ? { pacing: options.pacing } : {}),
    });
    options.onProxyChosen?.({
      personaId,
      countryCode: access.proxy.country_code,
      proxyUrl: access.proxy.url,
    });
    clients.set(personaId, { key, client });
    return client;
  };
}
