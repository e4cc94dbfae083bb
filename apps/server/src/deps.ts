import type { Clock } from '@outpilot/domain';
import type { OidcClient } from './auth/oidc-client.ts';
import type { PaymentsPort } from './billing/payments-port.ts';
import type { Config } from './config.ts';
import type { HubspotClient } from './crm/hubspot-client.ts';
import type { Database } from './db/create-database.ts';
import type { MailPort } from './mail/mail-port.ts';

/** What use-cases may use: the database, the clock, the configuration and the ports to the identity provider, HubSpot, the payment provider and mail. */
export type AppDeps = {
  config: Config;
  db: Database;
  clock: Clock;
  oidc: OidcClient;
  hubspot: HubspotClient;
  payments: PaymentsPort;
  mail: MailPort;
};
