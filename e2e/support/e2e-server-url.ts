export const e2ePort = Number(process.env.E2E_PORT ?? 3999);
export const e2eServerUrl = `http://127.0.0.1:${e2ePort}`;

/** A second server on a virtual clock, for journeys that need the campaign engine to run. */
export const e2eVirtualClockPort = e2ePort + 100;
export const e2eVirtualClockServerUrl = `http://127.0.0.1:${e2eVirtualClockPort}`;

/** A third server with NETWORK=linkedin (no sandbox, no in-page agent); +50 keeps clear of the next E2E_PORT. */
export const e2eLinkedInPort = e2ePort + 50;
export const e2eLinkedInServerUrl = `http://127.0.0.1:${e2eLinkedInPort}`;
/** The sandbox network of the NETWORK=linkedin server, in LinkedIn's dialect: where its extension's adapter is pointed. */
export const e2eLinkedInFacadeUrl = `${e2eLinkedInServerUrl}/sandbox/linkedin`;
/** The one proxy country of the NETWORK=linkedin server's cloud automation (the proxy itself is on loopback). */
export const e2eCloudProxy = { country_code: 'DE', city_name: 'Frankfurt', ip_address: '203.0.113.10' };
