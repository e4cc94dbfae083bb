import { countryCodeSchema } from '@outpilot/contracts';
import { z } from 'zod';

/**
 * A proxy the cloud runner reaches LinkedIn through (CLOUD_PROXIES, a JSON array): its address
 * with credentials, and where it is, which the automation-mode panel shows.
 */
export const cloudProxySchema = z
  .object({
    country_code: countryCodeSchema,
    city_name: z.string().min(1),
    ip_address: z.union([z.ipv4(), z.ipv6()]),
    url: z.url({ protocol: /^https?$/ }),
  })
  .strict();
export type CloudProxy = z.infer<typeof cloudProxySchema>;
export const cloudProxiesSchema = z.array(cloudProxySchema);

/** The proxy for a country: the user's session is used only through one in the user's own country. */
export function proxyForCountry(proxies: readonly CloudProxy[], countryCode: string): CloudProxy | null {
  return proxies.find((proxy) => proxy.country_code === countryCode) ?? null;
}
