import * as oidc from 'openid-client';
import type { OidcSettings } from '../config.ts';
import { AppError, ValidationError } from '../errors.ts';

export type OidcIdentity = {
  subject: string;
  email: string;
  givenName: string;
  familyName: string;
};

/** The identity provider port: the embedded development provider or an external issuer (Google). */
export type OidcClient = {
  buildSignInUrl(input: { state: string; nonce: string; codeChallenge: string }): Promise<string>;
  exchangeCode(input: {
    code: string;
    state: string;
    codeVerifier: string;
    nonce: string;
  }): Promise<OidcIdentity>;
};

const scope = 'openid email profile';

/** Discovery runs lazily on first use (the embedded issuer is this very server) and is retried after a failure. */
export function createOidcClient(settings: OidcSettings, redirectUri: string): OidcClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = (): Promise<oidc.Configuration> => {
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      discovered = oidc
        .discovery(
          issuer,
          settings.clientId,
          undefined,
          oidc.ClientSecretPost(settings.clientSecret),
          issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw new AppError(502, 'BadGateway', 'The identity provider is unavailable', { cause: error });
        });
    }
    return discovered;
  };

  return {
    async buildSignInUrl({ state, nonce, codeChallenge }) {
      const config = await configuration();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope,
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
          // The development provider always shows its form, so signing out lets you sign in as someone else.
          prompt: settings.mode === 'embedded' ? 'login' : 'select_account',
        })
        .toString();
    },

    async exchangeCode({ code, state, codeVerifier, nonce }) {
      const config = await configuration();
      const callbackUrl = new URL(redirectUri);
      callbackUrl.searchParams.set('code', code);
      callbackUrl.searchParams.set('state', state);
      // The app forwards only code and state. With a single configured issuer there is no mix-up to
      // defend against, so the issuer parameter (RFC 9207) is restored from the discovered metadata.
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) {
        callbackUrl.searchParams.set('iss', metadata.issuer);
      }
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new ValidationError('code', 'The identity provider returned no identity');
        let email = typeof claims.email === 'string' ? claims.email : undefined;
        let givenName = typeof claims.given_name === 'string' ? claims.given_name : undefined;
        let familyName = typeof claims.family_name === 'string' ? claims.family_name : undefined;
        if (!email) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          email = info.email;
          givenName ??= info.given_name;
          familyName ??= info.family_name;
        }
        if (!email)
          throw new ValidationError('code', 'The identity provider did not share an e-mail address');
        return { subject: claims.sub, email, givenName: givenName ?? '', familyName: familyName ?? '' };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (isProviderRejection(error)) {
          throw new ValidationError('code', 'The sign-in code is invalid or has expired', error);
        }
        throw new AppError(502, 'BadGateway', 'The identity provider is unavailable', { cause: error });
      }
    },
  };
}

function isProviderRejection(error: unknown): boolean {
  return (
    error instanceof oidc.ResponseBodyError ||
    error instanceof oidc.AuthorizationResponseError ||
    error instanceof oidc.WWWAuthenticateChallengeError ||
    (error instanceof oidc.ClientError && error.code !== undefined && error.code !== 'OAUTH_TIMEOUT')
  );
}
