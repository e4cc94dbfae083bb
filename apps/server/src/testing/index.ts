export { callApi, getContactsPage } from './call-api.ts';
export {
  addAudience,
  type CampaignSeed,
  connectThenMessage,
  createCampaignRow,
  createExecutionRow,
  logActivities,
} from './campaigns-factory.ts';
export { describeCloudWork } from './cloud-work.ts';
export {
  type ContactSeed,
  type CreatedContact,
  createContacts,
  createImportList,
} from './contacts-factory.ts';
export {
  type CreateAccountOptions,
  createAccount,
  type TestAccount,
  weekdaysNineToSeven,
} from './create-account.ts';
export { issueTestSession, signInNewAccount } from './issue-test-session.ts';
export { type ServerProcess, serverProcessEnv, startServerProcess } from './server-process.ts';
export { CookieJar, type DevSignInResult, signInWithDevIdp } from './sign-in-with-dev-idp.ts';
export { type StartTestServerOptions, startTestServer, type TestServer } from './start-test-server.ts';
export { subscribeToPlan } from './subscribe-to-plan.ts';
export { createTestDatabase, type TestDatabase, withDatabaseName } from './test-database.ts';
export { startTunnelProxy } from './tunnel-proxy.ts';

/** The database backends integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testBackends(): { name: 'pglite' | 'postgres'; databaseUrl?: string }[] {
  const url = process.env.TEST_DATABASE_URL;
  return url ? [{ name: 'pglite' }, { name: 'postgres', databaseUrl: url }] : [{ name: 'pglite' }];
}
