/**
 * A browser's cookie jar for one site, for tests that drive the LinkedIn adapter from Node: it keeps
 * what Set-Cookie says and sends it back, as the browser does for the extension.
 */
export function cookieJar() {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/Max-Age=0|delete me/.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  };
  const fetchWithJar = async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(input, { ...init, headers });
    keep(response);
    return response;
  };
  return { jar, fetch: fetchWithJar };
}
