import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  cloudAutomationMessages,
  type NetworkSessionCookies,
  type NetworkSessionResponse,
  networkSessionCookiesSchema,
  type StoreNetworkSessionRequest,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { requirePlanFeature } from '../billing/load-subscription.ts';
import type { Executor } from '../db/executor.ts';
import { networkSessions, personas } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { proxyForCountry } from './cloud-proxies.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

const ivBytes = 12;
const tagBytes = 16;

/** AES-256-GCM: a fresh iv per seal; the tag makes a tampered record fail to open. */
export function sealSession(key: Buffer, cookies: NetworkSessionCookies): string {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(cookies), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

export function openSession(key: Buffer, sealed: string): NetworkSessionCookies {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, ivBytes));
  decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
  const text = Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]);
  return networkSessionCookiesSchema.parse(JSON.parse(text.toString('utf8')));
}

const refuse = (message: string) => new AppError(422, 'UnprocessableEntity', message);

function sessionKey(deps: Deps): Buffer {
  const key = deps.config.cloudAutomation.sessionKey;
  if (!key) throw refuse(cloudAutomationMessages.notConfigured);
  return key;
}

function answer(
  deps: Deps,
  row: { countryCode: string; consentedAt: Date } | undefined,
): NetworkSessionResponse {
  const proxyCountries = deps.config.cloudAutomation.proxies.map((proxy) => ({
    country_code: proxy.country_code,
    city_name: proxy.city_name,
  }));
  return row
    ? {
        stored: true,
        country_code: row.countryCode,
        consented_at: row.consentedAt.toISOString(),
        proxy_countries: proxyCountries,
      }
    : { stored: false, country_code: null, consented_at: null, proxy_countries: proxyCountries };
}

export async function findNetworkSessionRow(db: Executor, personaId: string) {
  const [row] = await db.select().from(networkSessions).where(eq(networkSessions.personaId, personaId));
  return row;
}

/** GET network-account/session: whether a session is kept (never the session itself). */
export async function getNetworkSession(deps: Deps, personaId: string): Promise<NetworkSessionResponse> {
  return answer(deps, await findNetworkSessionRow(deps.db, personaId));
}

/**
 * PUT network-account/session: the session the extension handed over after the consent dialog.
 * Only for a plan with cloud automation, and only where a proxy of the user's country exists (the
 * session is never used from anywhere else).
 */
export async function storeNetworkSession(
  deps: Deps,
  personaId: string,
  request: StoreNetworkSessionRequest,
): Promise<NetworkSessionResponse> {
  await requirePlanFeature(deps, personaId, 'cloudAutomation');
  const key = sessionKey(deps);
  if (!proxyForCountry(deps.config.cloudAutomation.proxies, request.country_code))
    throw refuse(cloudAutomationMessages.noProxy);
  const values = {
    sealed: sealSession(key, request.cookies),
    countryCode: request.country_code,
    consentedAt: deps.clock.now(),
  };
  const [row] = await deps.db
    .insert(networkSessions)
    .values({ personaId, ...values })
    .onConflictDoUpdate({ target: networkSessions.personaId, set: values })
    .returning();
  return answer(deps, row);
}

/** DELETE network-account/session: forgets the session; the workspace runs locally again. */
export async function deleteNetworkSession(deps: Deps, personaId: string): Promise<NetworkSessionResponse> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(networkSessions).where(eq(networkSessions.personaId, personaId));
    await tx.update(personas).set({ automationMode: 'local' }).where(eq(personas.id, personaId));
  });
  return answer(deps, undefined);
}

/** The cookies and the proxy the cloud runner uses for a persona; null when either is missing. */
export async function cloudNetworkAccess(deps: Deps, personaId: string) {
  const row = await findNetworkSessionRow(deps.db, personaId);
  const key = deps.config.cloudAutomation.sessionKey;
  if (!row || !key) return null;
  const proxy = proxyForCountry(deps.config.cloudAutomation.proxies, row.countryCode);
  if (!proxy) return null;
  return { cookies: openSession(key, row.sealed), proxy };
}
