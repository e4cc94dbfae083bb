import { randomBytes } from 'node:crypto';
import {
  appProfileSchema,
  errorBodySchema,
  type LinkNetworkProfileRequest,
  networkAccountMessages,
  networkProfilesResponseSchema,
} from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { callApi, signInNewAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

const notAuthorized = { name: 'NotAuthorized', message: 'Not authorized' };
const alreadyLinked = {
  name: 'UnprocessableEntity',
  message: networkAccountMessages.alreadyLinked,
  errors: [{ field: 'entityId', description: networkAccountMessages.alreadyLinked }],
};
const profileAlreadyUsed = { name: 'ProfileAlreadyUsed', message: networkAccountMessages.profileAlreadyUsed };

function capturedProfile(overrides: Partial<LinkNetworkProfileRequest> = {}): LinkNetworkProfileRequest {
  const id = randomBytes(8).toString('hex');
  return {
    entityId: `ACoAA${id}`,
    publicIdentifier: `grace-hopper-${id}`,
    givenName: 'Grace',
    familyName: 'Hopper',
    picture: '/sandbox/avatars/grace.png',
    ...overrides,
  };
}

describe.each(testBackends())('network account link on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    callApi(server.url, method, path, token, body);
  const json = async (response: Response) => ({ status: response.status, body: await response.json() });
  /** A refusal: its status and the one error body, whose message is the first error's description. */
  const refusal = async (response: Response) => {
    const body = errorBodySchema.parse(await response.json());
    expect(body.message).toBe(body.errors?.[0]?.description ?? body.message);
    return { status: response.status, body };
  };
  const link = (token: string, profile: unknown) => call('POST', '/network-profiles', token, profile);
  const listOf = async (token: string) =>
    networkProfilesResponseSchema.parse(await (await call('GET', '/network-profiles', token)).json());
  const profileOf = async (token: string) =>
    appProfileSchema.parse(await (await call('GET', '/profile', token)).json());

  it('answers 403 NotAuthorized without a token', async () => {
    expect(await json(await call('GET', '/network-profiles'))).toEqual({ status: 403, body: notAuthorized });
    expect(await json(await call('POST', '/network-profiles', undefined, capturedProfile()))).toEqual({
      status: 403,
      body: notAuthorized,
    });
  });

  it('lists nothing, links the captured profile, answers the updated profile and lists it', async () => {
    const { account, token } = await signInNewAccount(server);
    expect(await listOf(token)).toEqual({ documents: [], total: 0 });
    expect((await profileOf(token)).linkedInProfile).toBeNull();

    const captured = capturedProfile();
    const { status, body } = await json(await link(token, captured));
    expect(status).toBe(200);
    const profile = appProfileSchema.parse(body);
    expect(profile).toMatchObject({
      id: account.userId,
      personaId: account.personaId,
      linkedInProfile: captured,
    });

    expect(await listOf(token)).toEqual({ documents: [captured], total: 1 });
    expect((await profileOf(token)).linkedInProfile).toEqual(captured);
  });

  it('refuses a second link with 422, even of the same profile, and keeps the first', async () => {
    const { token } = await signInNewAccount(server);
    const first = capturedProfile();
    expect((await link(token, first)).status).toBe(200);

    expect(await json(await link(token, capturedProfile()))).toEqual({ status: 422, body: alreadyLinked });
    expect(await json(await link(token, first))).toEqual({ status: 422, body: alreadyLinked });
    expect(await listOf(token)).toEqual({ documents: [first], total: 1 });
  });

  it('refuses a profile linked to another account with 409 ProfileAlreadyUsed', async () => {
    const owner = await signInNewAccount(server);
    const other = await signInNewAccount(server);
    const captured = capturedProfile();
    expect((await link(owner.token, captured)).status).toBe(200);

    expect(await json(await link(other.token, { ...captured, givenName: 'Someone' }))).toEqual({
      status: 409,
      body: profileAlreadyUsed,
    });
    expect(await listOf(other.token)).toEqual({ documents: [], total: 0 });
    expect((await profileOf(other.token)).linkedInProfile).toBeNull();
    expect(await listOf(owner.token)).toEqual({ documents: [captured], total: 1 });
  });

  it('lets exactly one of two concurrent links of one profile by two accounts succeed', async () => {
    const first = await signInNewAccount(server);
    const second = await signInNewAccount(server);
    const captured = capturedProfile();
    const answers = await Promise.all([link(first.token, captured), link(second.token, captured)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(await refused?.json()).toEqual(profileAlreadyUsed);
    const totals = [(await listOf(first.token)).total, (await listOf(second.token)).total];
    expect(totals.sort()).toEqual([0, 1]);
  });

  it('lets one of two concurrent links by the same account succeed and refuses the other with 422', async () => {
    const { token } = await signInNewAccount(server);
    const answers = await Promise.all([link(token, capturedProfile()), link(token, capturedProfile())]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect((await listOf(token)).total).toBe(1);
  });

  it.each([
    ['an empty entity id', { entityId: '  ' }],
    ['a public identifier with a slash', { publicIdentifier: 'in/grace' }],
    ['a javascript: picture', { picture: 'javascript:alert(1)' }],
    ['a missing given name', { givenName: undefined }],
  ])('refuses %s with 422 and links nothing', async (_case, overrides) => {
    const { token } = await signInNewAccount(server);
    const { status, body } = await refusal(await link(token, { ...capturedProfile(), ...overrides }));
    expect(status).toBe(422);
    expect(body.name).toBe('UnprocessableEntity');
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(await listOf(token)).toEqual({ documents: [], total: 0 });
  });
});
