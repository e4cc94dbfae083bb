import { type ContactsPageAnswer, contactsPageAnswerSchema } from '@outpilot/contracts';

/**
 * A main-API call as a client makes it over real HTTP: a JSON body when given, the bearer token
 * when given. Integration tests assert on the Response.
 */
export function callApi(baseUrl: string, method: string, path: string, token?: string, body?: unknown) {
  return fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** GET contacts/page as the app calls it; any answer but a 200 throws with its status and body. */
export async function getContactsPage(
  baseUrl: string,
  token: string,
  query: Record<string, string> = {},
): Promise<ContactsPageAnswer> {
  const response = await callApi(baseUrl, 'GET', `/contacts/page?${new URLSearchParams(query)}`, token);
  if (response.status !== 200)
    throw new Error(`contacts/page answered ${response.status}: ${await response.text()}`);
  return contactsPageAnswerSchema.parse(await response.json());
}
