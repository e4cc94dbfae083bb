import {
  apiBasePath,
  billingPaths,
  requestHeadMaxBytes,
  sandboxBasePath,
  sandboxHubspotBasePath,
  sandboxPaymentsBasePath,
  testSupportBasePath,
} from '@outpilot/contracts';
import { type Clock, createVirtualClock, systemClock, type VirtualClock } from '@outpilot/domain';
import { sandboxPlugin } from '@outpilot/sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { createOidcClient } from './auth/oidc-client.ts';
import { createStripePayments } from './billing/stripe-payments.ts';
import type { Config } from './config.ts';
import { createHubspotClient } from './crm/hubspot-client.ts';
import { createDatabase, type Database, type DatabaseHandle } from './db/create-database.ts';
import type { AppDeps } from './deps.ts';
import { createDevProvider } from './dev-idp/create-dev-provider.ts';
import { registerDevIdp } from './dev-idp/dev-idp-plugin.ts';
import { registerEngineBackground } from './engine/start-engine.ts';
import { stopCsvParsing } from './imports/parse-csv-off-thread.ts';
import { registerDevMailbox } from './mail/dev-mailbox-page.ts';
import { createMailer } from './mail/mail-port.ts';
import { createInboxNetworkOf } from './messaging/inbox-dispatch.ts';
import {
  type CloudLinkedInOptions,
  createCloudLinkedInNetworks,
} from './network-account/cloud-linkedin-network.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { redirectPagesToPublicOrigin } from './plugins/canonical-host.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerClientError, answerError } from './plugins/error-handler.ts';
import { registerStrictJsonParser } from './plugins/json-body.ts';
import { redactingLoggerOptions } from './plugins/log-redaction.ts';
import { registerSecurityHeaders } from './plugins/security-and-docs.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './routes/auth-routes.ts';
import { automationRoutes } from './routes/automation-routes.ts';
import { billingRoutes, paymentsWebhookRoutes } from './routes/billing-routes.ts';
import { campaignsRoutes } from './routes/campaigns-routes.ts';
import { cloudAutomationRoutes } from './routes/cloud-automation-routes.ts';
import { contactsRoutes } from './routes/contacts-routes.ts';
import { crmRoutes } from './routes/crm-routes.ts';
import { executionsRoutes } from './routes/executions-routes.ts';
import { importCsvRoutes, importsRoutes } from './routes/imports-routes.ts';
import { messagingRoutes } from './routes/messaging-routes.ts';
import { networkAccountRoutes } from './routes/network-account-routes.ts';
import { publicRoutes } from './routes/public-routes.ts';
import { registerEndpoints } from './routes/register-endpoints.ts';
import { requestValidatorCompiler } from './routes/request-validator.ts';
import { teamRoutes } from './routes/team-routes.ts';
import { testClockRoutes } from './routes/test-clock-routes.ts';
import { workspaceRoutes } from './routes/workspace-routes.ts';
import { registerSandboxHubspot } from './sandbox-hubspot/sandbox-hubspot-plugin.ts';
import { createSandboxNetworkStore } from './sandbox-network/sandbox-network-store.ts';
import { registerSandboxPayments } from './sandbox-payments/sandbox-payments-plugin.ts';
import { recordImpersonatedChanges } from './team/record-impersonated-changes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database the server uses (for tests and demo data). */
    db: Database;
    /** The clock every component reads time from. */
    clock: Clock;
    config: Config;
  }
}

export type BuildServerOverrides = {
  clock?: Clock;
  /** A database opened by the caller; the caller closes it. Otherwise the server opens and closes its own. */
  database?: DatabaseHandle;
  /** Registers extra routes before the server is sealed (tests use it for test-only routes). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /**
   * The campaign engine's background systems (lease expiry, timeouts, cloud runner). Default: on
   * with the system clock, off with a virtual clock (whoever moves that clock runs the systems).
   */
  engineBackground?: boolean;
  /** Where log lines go instead of stdout (tests read what the server logged). */
  logStream?: { write(line: string): void };
  /**
   * NETWORK=linkedin: the cloud's LinkedIn clients (the cloud runner's and the inbox's) with these
   * options instead of LinkedIn's pace (tests: no pause between requests; which proxy is used).
   */
  cloudLinkedIn?: CloudLinkedInOptions;
};

export const authCallbackPath = '/auth_callback';

function isVirtual(clock: Clock): clock is VirtualClock {
  return 'kind' in clock && clock.kind === 'virtual';
}

/** Builds the whole server (routes, plugins, database, identity provider) without listening. */
export async function buildServer(
  config: Config,
  overrides: BuildServerOverrides = {},
): Promise<FastifyInstance> {
  const clock =
    overrides.clock ??
    (config.clock === 'virtual' ? createVirtualClock(config.virtualClockStart) : systemClock);
  const database =
    overrides.database ??
    (await createDatabase(
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: `${config.dataDir}/pglite` },
    ));
  const ownsDatabase = overrides.database === undefined;

  const app = Fastify({
    bodyLimit: config.bodyLimitBytes,
    // A selection of 1,000 picked rows travels in a GET's query string (seed 002 §9).
    http: { maxHeaderSize: requestHeadMaxBytes },
    clientErrorHandler: answerClientError,
    frameworkErrors: answerError,
    logger: {
      level: config.logLevel,
      ...redactingLoggerOptions,
      ...(overrides.logStream ? { stream: overrides.logStream } : {}),
    },
    trustProxy: true,
    return503OnClosing: true,
  });
  if (ownsDatabase) app.addHook('onClose', () => database.close());
  app.addHook('onClose', stopCsvParsing);
  // On shutdown, answers still in flight close their keep-alive connection, so close() can finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  // JSON routes take JSON only: a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  registerStrictJsonParser(app);

  try {
    app.setValidatorCompiler(requestValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('db', database.db);
    app.decorate('clock', clock);
    app.decorate('config', config);

    const redirectUri = `${config.publicUrl}${authCallbackPath}`;
    const deps: AppDeps = {
      config,
      db: database.db,
      clock,
      oidc: createOidcClient(config.oidc, redirectUri),
      hubspot: createHubspotClient(config.hubspot, clock),
      payments: createStripePayments(config.payments, clock),
      mail: createMailer(config.mail, database.db, clock),
    };
    // One LinkedIn client per cloud persona for the runner and the inbox: one pace on the network.
    const cloudLinkedIn =
      config.network === 'linkedin' ? createCloudLinkedInNetworks(deps, overrides.cloudLinkedIn) : undefined;

    app.setErrorHandler(answerError);
    redirectPagesToPublicOrigin(app, config.publicUrl);
    await registerCompression(app);
    await registerSecurityHeaders(app, config.publicUrl);
    await registerApiDocs(app);
    registerAuthGuard(app, deps);
    recordImpersonatedChanges(app, deps);

    await registerEndpoints(app, [
      ...publicRoutes(deps),
      authRoutes(deps),
      networkAccountRoutes(deps),
      workspaceRoutes(deps),
      campaignsRoutes(deps),
      executionsRoutes(deps),
      contactsRoutes(deps),
      importsRoutes(deps),
      importCsvRoutes(deps),
      crmRoutes(deps),
      billingRoutes(deps),
      teamRoutes(deps),
      paymentsWebhookRoutes(deps),
      cloudAutomationRoutes(deps),
      automationRoutes(deps),
      messagingRoutes(deps, createInboxNetworkOf(deps, cloudLinkedIn)),
    ]);

    if (config.enableTestEndpoints && isVirtual(clock)) {
      await app.register(testClockRoutes, { prefix: testSupportBasePath, clock });
    }

    if (config.oidc.mode === 'embedded') {
      const provider = await createDevProvider({
        issuer: config.oidc.issuer,
        clientId: config.oidc.clientId,
        clientSecret: config.oidc.clientSecret,
        redirectUri,
        cookieSecret: config.authSecret,
        db: database.db,
      });
      await registerDevIdp(app, { provider, db: database.db, clock, homeUrl: config.publicUrl });
    }

    if (config.mail.mode === 'embedded') registerDevMailbox(app, database.db);

    if (config.hubspot.mode === 'embedded') {
      await registerSandboxHubspot(app, {
        prefix: sandboxHubspotBasePath,
        accessToken: config.hubspot.accessToken,
        clock,
      });
    }

    if (config.payments.mode === 'embedded') {
      await registerSandboxPayments(app, {
        prefix: sandboxPaymentsBasePath,
        publicUrl: config.publicUrl,
        secretKey: config.payments.secretKey,
        webhookSecret: config.payments.webhookSecret,
        webhookUrl: `${config.publicUrl}${apiBasePath}${billingPaths.paymentsWebhook}`,
        db: database.db,
        clock,
      });
    }

    if (config.sandboxMounted) {
      await app.register(sandboxPlugin, {
        prefix: sandboxBasePath,
        seed: config.sandboxSeed,
        size: config.sandboxSize,
        faultRate: config.sandboxFaultRate,
        clock,
        store: createSandboxNetworkStore(database.db),
      });
    }

    if (overrides.engineBackground ?? !isVirtual(clock))
      registerEngineBackground(app, deps, { ...(cloudLinkedIn ? { cloudLinkedIn } : {}) });

    if (overrides.extend) await overrides.extend(app);
    await registerWebApp(app, config.webDistDir);
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
