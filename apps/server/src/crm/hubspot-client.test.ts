import { sandboxHubspotBasePath } from '@outpilot/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { sandboxHubspotRateLimit } from '../sandbox-hubspot/sandbox-hubspot-plugin.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { createHubspotClient, optionsCacheMs } from './hubspot-client.ts';

/** The HubSpot port against the sandbox portal the server mounts, over real HTTP. */
describe('the HubSpot client', () => {
  const server = testServerForSuite(undefined);
  let portalUrl: string;
  beforeAll(() => {
    portalUrl = `${server.url}${sandboxHubspotBasePath}`;
  });

  const failureOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    const { status, errorName, message } = error as AppError;
    return { status, errorName, message };
  };
  const rawCall = () =>
    fetch(`${portalUrl}/crm/v3/properties/contacts/lead_source`, {
      headers: { authorization: `Bearer ${server.config.hubspot.accessToken}` },
    });

  it("reads a property's options from the portal at most once a minute", async () => {
    const remainingAfterRawCall = async () =>
      Number((await rawCall()).headers.get('x-hubspot-ratelimit-remaining'));
    server.clock.advance(sandboxHubspotRateLimit.intervalMs);
    const client = createHubspotClient(server.config.hubspot, server.clock);
    expect((await client.propertyOptions('lead_source')).length).toBeGreaterThan(0);
    expect(await remainingAfterRawCall()).toBe(sandboxHubspotRateLimit.max - 2);
    await client.propertyOptions('lead_source');
    // The cached answer made no call: the portal counts only the next raw one.
    expect(await remainingAfterRawCall()).toBe(sandboxHubspotRateLimit.max - 3);
    server.clock.advance(optionsCacheMs + 1);
    await client.propertyOptions('lead_source');
    expect(await remainingAfterRawCall()).toBe(sandboxHubspotRateLimit.max - 2);
  });

  it('says so when the portal refuses the token or lacks the property, or cannot be reached', async () => {
    const wrongToken = createHubspotClient({ apiUrl: portalUrl, accessToken: 'pat-wrong' }, server.clock);
    expect(await failureOf(wrongToken.propertyOptions('lead_source'))).toEqual({
      status: 502,
      errorName: 'BadGateway',
      message: 'HubSpot refused the access token of the integration',
    });
    const missingProperty = createHubspotClient(server.config.hubspot, server.clock, (input, init) =>
      fetch(String(input).replace('contact_sub_source', 'no_such_property'), init),
    );
    expect(await failureOf(missingProperty.propertyOptions('contact_sub_source'))).toEqual({
      status: 502,
      errorName: 'BadGateway',
      message: 'The HubSpot portal has no contact property contact_sub_source',
    });
    const nowhere = createHubspotClient({ apiUrl: 'http://127.0.0.1:9', accessToken: 'x' }, server.clock);
    expect(await failureOf(nowhere.propertyOptions('lead_source'))).toMatchObject({
      status: 502,
      message: 'HubSpot is unavailable, try again later',
    });
  });

  it("answers 429 once the portal's rolling limit is spent, and works again after its window", async () => {
    server.clock.advance(sandboxHubspotRateLimit.intervalMs);
    for (let call = 0; call < sandboxHubspotRateLimit.max; call += 1) {
      expect((await rawCall()).status).toBe(200);
    }
    const refused = await rawCall();
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      errorType: 'RATE_LIMIT',
      policyName: 'TEN_SECONDLY_ROLLING',
    });
    const client = createHubspotClient(server.config.hubspot, server.clock);
    expect(await failureOf(client.propertyOptions('contact_sub_source'))).toEqual({
      status: 429,
      errorName: 'TooManyRequests',
      message: 'HubSpot is busy, try again in a few seconds',
    });
    server.clock.advance(sandboxHubspotRateLimit.intervalMs);
    expect((await client.propertyOptions('contact_sub_source')).length).toBeGreaterThan(0);
  });
});
