import {
  apiBasePath,
  apiPaths,
  type ExchangeCodeResponse,
  exchangeCodeResponseSchema,
  signInUrlResponseSchema,
} from '@outpilot/contracts';

type Cookie = { name: string; value: string; path: string };

/** A tiny cookie jar (name + path) so a fetch-based client can walk the identity provider's redirects. */
export class CookieJar {
  readonly #cookies = new Map<string, Cookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      let path = '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'path' && attributeValue) path = attributeValue;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) < Date.now()) expired = true;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      }
      const key = `${name}|${path}`;
      if (expired) this.#cookies.delete(key);
      else this.#cookies.set(key, { name, value, path });
    }
  }

  headerFor(url: URL): string {
    return [...this.#cookies.values()]
      .filter(
        (cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, '/')),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }
}

export type DevSignInResult = {
  tokens: ExchangeCodeResponse;
  /** The sign-in form page the provider showed. */
  signInPage: string;
  /** Where the provider sent the browser back: PUBLIC_URL/auth_callback?code=..&state=.. */
  callbackUrl: URL;
};

async function request(jar: CookieJar, url: URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.headerFor(url);
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

function locationOf(response: Response, base: URL): URL {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status >= 400 || !location) {
    throw new Error(`Expected a redirect from ${base.href}, got ${response.status}`);
  }
  return new URL(location, base);
}

/**
 * Signs in through the embedded development identity provider the way a browser would:
 * sign-in URL, authorization request, the interaction form, the redirects back to /auth_callback,
 * then the code exchange. Throws with the status and URL when a step does not go as planned.
 */
export async function signInWithDevIdp(
  baseUrl: string,
  input: { email: string; name?: string; returnTo?: string },
): Promise<DevSignInResult> {
  const jar = new CookieJar();
  const api = `${baseUrl}${apiBasePath}`;
  const started = await fetch(`${api}${apiPaths.signInUrl}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ returnTo: input.returnTo ?? '/' }),
  });
  if (started.status !== 200) throw new Error(`sign-in-url answered ${started.status}`);
  let url = new URL(signInUrlResponseSchema.parse(await started.json()).url);

  const authorization = await request(jar, url);
  const interactionUrl = locationOf(authorization, url);
  const page = await request(jar, interactionUrl);
  if (page.status !== 200) throw new Error(`interaction page answered ${page.status}`);
  const signInPage = await page.text();

  const submitted = await request(jar, interactionUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: input.email, name: input.name ?? '' }).toString(),
  });
  url = locationOf(submitted, interactionUrl);
  for (let hop = 0; hop < 10 && !url.pathname.endsWith('/auth_callback'); hop++) {
    const next = await request(jar, url);
    url = locationOf(next, url);
  }
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state) throw new Error(`No code in the callback ${url.href}`);

  const exchanged = await fetch(`${api}${apiPaths.exchangeCode}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, state }),
  });
  if (exchanged.status !== 200) {
    throw new Error(`auth/token answered ${exchanged.status}: ${await exchanged.text()}`);
  }
  return { tokens: exchangeCodeResponseSchema.parse(await exchanged.json()), signInPage, callbackUrl: url };
}
