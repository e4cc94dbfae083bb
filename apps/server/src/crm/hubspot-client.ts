import type { CrmOption, HubspotPropertyName } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import { z } from 'zod';
import type { HubspotSettings } from '../config.ts';
import { AppError } from '../errors.ts';

/** The HubSpot calls Outpilot makes: a contact property's visible options. */
export type HubspotClient = {
  propertyOptions(property: HubspotPropertyName): Promise<CrmOption[]>;
};

/** An answer of GET crm/v3/properties/contacts/{name}, as far as Outpilot reads it. */
const propertyAnswerSchema = z.object({
  name: z.string(),
  options: z.array(z.object({ label: z.string(), value: z.string(), hidden: z.boolean().default(false) })),
});

/** Options change rarely; a minute's cache keeps a page open and its save within the portal's 100 calls per 10 s. */
export const optionsCacheMs = 60_000;
const requestTimeoutMs = 10_000;

const unavailable = (cause: unknown) =>
  new AppError(502, 'BadGateway', 'HubSpot is unavailable, try again later', { cause });

/**
 * HubSpot's CRM properties API over HTTP with a private app's token: the real api.hubapi.com, or
 * the sandbox portal the server mounts (same calls, same errors). Hidden options (retired values)
 * are left out, the rest keep the portal's order. Failures become the app's errors: a refused
 * token or a property missing from the portal 502 with what to fix, HubSpot's rate limit 429.
 */
export function createHubspotClient(
  settings: Pick<HubspotSettings, 'apiUrl' | 'accessToken'>,
  clock: Clock,
  fetchImpl: typeof fetch = fetch,
): HubspotClient {
  const cache = new Map<HubspotPropertyName, { options: CrmOption[]; until: number }>();

  return {
    async propertyOptions(property) {
      const cached = cache.get(property);
      if (cached && cached.until > clock.now().getTime()) return cached.options;
      const response = await fetchImpl(
        `${settings.apiUrl}/crm/v3/properties/contacts/${encodeURIComponent(property)}`,
        {
          headers: { authorization: `Bearer ${settings.accessToken}`, accept: 'application/json' },
          signal: AbortSignal.timeout(requestTimeoutMs),
        },
      ).catch((error: unknown) => {
        throw unavailable(error);
      });
      if (response.status === 401 || response.status === 403) {
        throw new AppError(502, 'BadGateway', 'HubSpot refused the access token of the integration');
      }
      if (response.status === 404) {
        throw new AppError(502, 'BadGateway', `The HubSpot portal has no contact property ${property}`);
      }
      if (response.status === 429) {
        throw new AppError(429, 'TooManyRequests', 'HubSpot is busy, try again in a few seconds');
      }
      if (!response.ok) throw unavailable(new Error(`HubSpot answered ${response.status}`));
      const parsed = propertyAnswerSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw unavailable(parsed.error);
      const options = parsed.data.options
        .filter((option) => !option.hidden)
        .map(({ label, value }) => ({ label, value }));
      cache.set(property, { options, until: clock.now().getTime() + optionsCacheMs });
      return options;
    },
  };
}
