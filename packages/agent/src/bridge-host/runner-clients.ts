import { AutomationClient } from '../automation-client.ts';
import { ImportsApiClient } from '../imports-api-client.ts';

/**
 * The server clients only the runners call. The host's factories (BridgeHostOptions.importsApi,
 * ActivitiesOptions.createAutomation) receive them once the runners' module is loaded, so the
 * in-page agent's first download, which the sign-in screen waits for, carries neither client nor
 * the contracts of the import lists and the automation service (decisions.md, tenth session).
 */
export const runnerClients = { AutomationClient, ImportsApiClient };
export type RunnerClients = typeof runnerClients;
