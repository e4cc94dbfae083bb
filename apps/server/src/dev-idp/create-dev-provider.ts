import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { Database } from '../db/create-database.ts';
import { findDevAccount } from './dev-accounts.ts';

export const interactionBasePath = '/oidc-interaction';

export type DevProviderOptions = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  cookieSecret: string;
  db: Database;
};

/** The embedded development identity provider: one static client, PKCE required, our own interaction pages. */
export async function createDevProvider(options: DevProviderOptions): Promise<Provider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'dev-idp' };
  const provider = new Provider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${interactionBasePath}/${interaction.uid}` },
    cookies: { keys: [options.cookieSecret] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 120,
      IdToken: 600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
    },
    findAccount: async (_ctx, accountId) => {
      const account = await findDevAccount(options.db, accountId);
      if (!account) return undefined;
      return {
        accountId,
        claims: () => ({
          sub: accountId,
          email: account.email,
          email_verified: true,
          given_name: account.givenName,
          family_name: account.familyName,
          name: [account.givenName, account.familyName].filter(Boolean).join(' '),
        }),
      };
    },
  });
  provider.proxy = true;
  return provider;
}
