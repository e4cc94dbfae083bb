/** Test support for other workspaces' tests: the in-memory main API of the import calls. */
export { createFakeAutomation, type FakeActivity } from './fake-automation.ts';
export { createFakeImportsApi, type FakeApiCall, type FakeImportList } from './fake-imports.ts';
export {
  type LinkedInStandIn,
  makeStandInMember,
  type StandInFault,
  type StandInMember,
  type StandInState,
  standInPopulation,
  startLinkedInStandIn,
} from './linkedin-stand-in.ts';
