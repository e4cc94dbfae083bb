import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxHubspotBasePath } from '@outpilot/contracts';
import { z } from 'zod';
import type { PaymentsSettings } from './billing/stripe-payments.ts';
import { type CloudProxy, cloudProxiesSchema } from './network-account/cloud-proxies.ts';

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
  ),
  NETWORK: z.enum(['sandbox', 'linkedin']).default('sandbox'),
  /** Mount the sandbox network (and its LinkedIn facade) beside NETWORK=linkedin; always mounted with NETWORK=sandbox. */
  SANDBOX_NETWORK: z.enum(['mounted', 'off']).optional(),
  SANDBOX_SEED: z.coerce.number().int().default(42),
  SANDBOX_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  SANDBOX_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  HUBSPOT_API_URL: optionalText.pipe(z.url().optional()),
  HUBSPOT_ACCESS_TOKEN: optionalText,
  // Stripe's clients take a host, a port and a protocol: the API's origin, without a path.
  PAYMENTS_API_URL: optionalText.pipe(
    z
      .url()
      .refine((value) => ['', '/'].includes(new URL(value).pathname), 'must be an origin without a path')
      .optional(),
  ),
  PAYMENTS_SECRET_KEY: optionalText,
  // 32 bytes, base64: seals the LinkedIn sessions handed over for cloud automation (AES-256-GCM).
  SESSION_ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
      .optional(),
  ),
  // Where the cloud runner reaches LinkedIn (a stand-in in tests).
  LINKEDIN_URL: z.url().default('https://www.linkedin.com'),
  // The proxies the cloud runner reaches LinkedIn through, chosen by the user's country.
  CLOUD_PROXIES: optionalText.pipe(
    z
      .string()
      .transform((value, context) => {
        try {
          return JSON.parse(value) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(cloudProxiesSchema)
      .optional(),
  ),
  PAYMENTS_WEBHOOK_SECRET: optionalText,
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Outpilot <no-reply@outpilot.local>'),
  CRM_BETA_LIST: z
    .string()
    .default('any')
    .transform((value) =>
      value.trim() === 'any'
        ? ('any' as const)
        : value
            .split(',')
            .map((id) => id.trim())
            .filter(Boolean),
    ),
  AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CLOCK: z.enum(['system', 'virtual']).default('system'),
  VIRTUAL_CLOCK_START: optionalText.pipe(z.iso.datetime({ offset: true }).optional()),
  ENABLE_TEST_ENDPOINTS: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalText,
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  DOWNLOAD_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  AGENT_SYNC_INTERVAL_MS: optionalText.pipe(
    z.coerce.number<string | undefined>().int().min(1_000).max(3_600_000).optional(),
  ),
});

/** embedded = the development identity provider mounted at /oidc; external = OIDC_ISSUER. */
export type OidcSettings = {
  mode: 'embedded' | 'external';
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** embedded = the sandbox HubSpot portal mounted at /sandbox-hubspot; external = HUBSPOT_API_URL. */
export type HubspotSettings = {
  mode: 'embedded' | 'external';
  apiUrl: string;
  accessToken: string;
};

export type Config = {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  network: 'sandbox' | 'linkedin';
  /**
   * Whether /sandbox is mounted: with NETWORK=sandbox always; with NETWORK=linkedin when
   * SANDBOX_NETWORK=mounted, so the extension's LinkedIn adapter can be pointed at its LinkedIn
   * facade (<PUBLIC_URL>/sandbox/linkedin) and run the whole product on the sandbox's state.
   */
  sandboxMounted: boolean;
  sandboxSeed: number;
  sandboxSize: number;
  /** Share (0–1) of the sandbox's calls answered with a transient 429 or 502 (network-api.md §4). */
  sandboxFaultRate: number;
  oidc: OidcSettings;
  hubspot: HubspotSettings;
  /** Cloud automation with LinkedIn: the sessions' key (null: hand-over refused) and the proxies. */
  cloudAutomation: { sessionKey: Buffer | null; proxies: CloudProxy[]; linkedInUrl: string };
  /** embedded = the sandbox payment provider this server mounts; external = PAYMENTS_API_URL (Stripe's API). */
  payments: PaymentsSettings;
  /** embedded = an outbox in the database shown at /dev/mailbox; smtp = SMTP_URL through nodemailer. */
  mail: MailSettings;
  /** Team and persona ids that may use a campaign's CRM settings, or 'any' (seed 001 §2). */
  crmBetaList: 'any' | string[];
  authSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  clock: 'system' | 'virtual';
  virtualClockStart: Date | undefined;
  enableTestEndpoints: boolean;
  logLevel: string;
  webDistDir: string;
  bodyLimitBytes: number;
  /** A streamed download whose client reads nothing for this long is closed (its connection freed). */
  downloadIdleTimeoutMs: number;
  /** Told to the agents through the client config (the browser journeys sync sooner); undefined: their default. */
  agentSyncIntervalMs: number | undefined;
};

export type MailSettings = { mode: 'embedded' } | { mode: 'smtp'; smtpUrl: string; from: string };

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** The embedded development identity provider's one client. */
export const devIdpClientId = 'outpilot-web';

/** Reads and validates the environment once at start-up; throws a ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  if (env.OIDC_ISSUER?.trim() && (!env.OIDC_CLIENT_ID?.trim() || !env.OIDC_CLIENT_SECRET?.trim())) {
    problems.push('  OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: both are required when OIDC_ISSUER is set');
  }
  if (env.HUBSPOT_API_URL?.trim() && !env.HUBSPOT_ACCESS_TOKEN?.trim()) {
    problems.push('  HUBSPOT_ACCESS_TOKEN: required when HUBSPOT_API_URL is set');
  }
  if (
    env.PAYMENTS_API_URL?.trim() &&
    (!env.PAYMENTS_SECRET_KEY?.trim() || !env.PAYMENTS_WEBHOOK_SECRET?.trim())
  ) {
    problems.push(
      '  PAYMENTS_SECRET_KEY, PAYMENTS_WEBHOOK_SECRET: both are required when PAYMENTS_API_URL is set',
    );
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid environment variables:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const authSecret = e.AUTH_SECRET ?? loadOrCreateAuthSecret(dataDir);
  const oidc: OidcSettings = e.OIDC_ISSUER
    ? {
        mode: 'external',
        issuer: e.OIDC_ISSUER,
        clientId: e.OIDC_CLIENT_ID ?? '',
        clientSecret: e.OIDC_CLIENT_SECRET ?? '',
      }
    : {
        mode: 'embedded',
        issuer: `${publicUrl}/oidc`,
        clientId: devIdpClientId,
        clientSecret: `dev-${authSecret.slice(0, 24)}`,
      };
  const hubspot: HubspotSettings = e.HUBSPOT_API_URL
    ? {
        mode: 'external',
        apiUrl: e.HUBSPOT_API_URL.replace(/\/+$/, ''),
        accessToken: e.HUBSPOT_ACCESS_TOKEN ?? '',
      }
    : {
        mode: 'embedded',
        apiUrl: `${publicUrl}${sandboxHubspotBasePath}`,
        accessToken: `pat-sandbox-${authSecret.slice(24, 48)}`,
      };
  const payments: PaymentsSettings = e.PAYMENTS_API_URL
    ? {
        mode: 'external',
        apiUrl: new URL(e.PAYMENTS_API_URL).origin,
        secretKey: e.PAYMENTS_SECRET_KEY ?? '',
        webhookSecret: e.PAYMENTS_WEBHOOK_SECRET ?? '',
      }
    : {
        mode: 'embedded',
        // The sandbox answers Stripe's API on this server (/v1); its pages are under /sandbox-payments.
        apiUrl: new URL(publicUrl).origin,
        secretKey: `sk_sandbox_${authSecret.slice(0, 24)}`,
        webhookSecret: `whsec_sandbox_${authSecret.slice(24, 48)}`,
      };
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    network: e.NETWORK,
    sandboxMounted: e.NETWORK === 'sandbox' || e.SANDBOX_NETWORK === 'mounted',
    sandboxSeed: e.SANDBOX_SEED,
    sandboxSize: e.SANDBOX_SIZE,
    sandboxFaultRate: e.SANDBOX_FAULT_RATE,
    oidc,
    hubspot,
    payments,
    cloudAutomation: {
      sessionKey: e.SESSION_ENCRYPTION_KEY ? Buffer.from(e.SESSION_ENCRYPTION_KEY, 'base64') : null,
      proxies: e.CLOUD_PROXIES ?? [],
      linkedInUrl: e.LINKEDIN_URL,
    },
    mail: e.SMTP_URL ? { mode: 'smtp', smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : { mode: 'embedded' },
    crmBetaList: e.CRM_BETA_LIST,
    authSecret,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    clock: e.CLOCK,
    virtualClockStart: e.VIRTUAL_CLOCK_START ? new Date(e.VIRTUAL_CLOCK_START) : undefined,
    enableTestEndpoints: e.ENABLE_TEST_ENDPOINTS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(packageRoot, '..', 'web', 'dist')),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    downloadIdleTimeoutMs: e.DOWNLOAD_IDLE_TIMEOUT_MS,
    agentSyncIntervalMs: e.AGENT_SYNC_INTERVAL_MS,
  };
}

/** A generated secret persisted under DATA_DIR, so access tokens survive restarts. */
function loadOrCreateAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
