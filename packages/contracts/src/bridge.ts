import { z } from 'zod';
import { appPathSchema, appProfileSchema, exchangeCodeRequestSchema } from './auth.ts';
import { networkSessionHandOver } from './cloud-automation.ts';
import { errorBodySchema } from './errors.ts';
import {
  importNameMaxLength,
  importNameTooLongMessage,
  importRunStateSchema,
  importSourceUriMaxLength,
  importTotalMax,
} from './import-runs.ts';
import { logEntrySchema } from './logs.ts';
import { networkProfileSchema } from './network.ts';
import { activityOutcomes, operationTypeSchema } from './operations.ts';
import { importUrlSourceSchema } from './sandbox-search.ts';
import { wholeNumber } from './wire-values.ts';
import { workingHoursSchema } from './workspace.ts';

/**
 * The bridge between the web app and "the extension" (seed 000 §7 "Extension messages").
 * A message carries a target (the group), a command, metadata.correlationId and a payload.
 * The same protocol is served by the Chrome extension and by the in-page agent, and both
 * run the same @outpilot/agent code.
 */
export const bridgeTargets = [
  'system',
  'settings',
  'api',
  'network',
  'auth',
  'storage',
  'export',
  'logging',
  'runner',
] as const;
export type BridgeTarget = (typeof bridgeTargets)[number];

const empty = z.object({}).strict();
const tokenInfoSchema = z.object({ accessToken: z.string(), accessTokenExpiresAt: z.iso.datetime() });

// ---------------------------------------------------------------------------------------------
// export: the profile import run (seed 002 §2.4, §4, §5, §7.1; seed 000 §7 "export commands")

/** The most text the 'Upload profile URLs' box may send: room for importTotalMax links. */
export const pastedProfileUrlsMaxLength = 2_000_000;

/** A URL pasted for one URL source card; whether it is a link of that source the agent checks. */
const importUrlInputSchema = z.object({
  source: importUrlSourceSchema,
  url: z.string().trim().min(1).max(importSourceUriMaxLength),
});
const pastedProfileUrlsSchema = z.string().max(pastedProfileUrlsMaxLength);
/** The import list's name; empty or absent lets the agent name it after the source and the date. */
const importRunNameSchema = z.string().trim().max(importNameMaxLength, { error: importNameTooLongMessage });

export const startImportRunPayloadSchema = z.discriminatedUnion('source', [
  importUrlInputSchema.extend({ name: importRunNameSchema.optional() }),
  z.object({
    source: z.literal('profile_urls'),
    text: pastedProfileUrlsSchema,
    name: importRunNameSchema.optional(),
  }),
]);
export type StartImportRunPayload = z.input<typeof startImportRunPayloadSchema>;

export const countProfileUrlsResultSchema = z.object({
  /** Distinct profiles found in the text; what an import of it announces. */
  total: wholeNumber().nonnegative(),
  /** Their public identifiers, lower-cased, in the order pasted. */
  identifiers: z.array(z.string()).max(importTotalMax),
  /** Pasted entries (lines, or words of a line) that are no profile link. */
  invalid: wholeNumber().nonnegative(),
});
export type CountProfileUrlsResult = z.infer<typeof countProfileUrlsResultSchema>;

// ---------------------------------------------------------------------------------------------
// runner: the campaign activity runner of a local-mode workspace (seed 000 §7 "a working-hours
// check of the campaign runner"; ARCHITECTURE "Campaign engine"). It runs only while the app is open.

export const runnerStatuses = ['stopped', 'running', 'stopping'] as const;
export const runnerStatusSchema = z.enum(runnerStatuses);
export type RunnerStatus = z.infer<typeof runnerStatusSchema>;

const countOf = wholeNumber().nonnegative();
/** Reports the server accepted, by outcome, since the runner started. */
export const runnerCountsSchema = z.object(
  Object.fromEntries(activityOutcomes.map((outcome) => [outcome, countOf])) as Record<
    (typeof activityOutcomes)[number],
    typeof countOf
  >,
);
export type RunnerCounts = z.infer<typeof runnerCountsSchema>;

export const runnerStateSchema = z.object({
  status: runnerStatusSchema,
  startedAt: z.iso.datetime().nullable(),
  lastClaimAt: z.iso.datetime().nullable(),
  lastSyncAt: z.iso.datetime().nullable(),
  /** The activity in hand. */
  current: z.object({ activityId: z.string(), operationType: operationTypeSchema }).nullable(),
  counts: runnerCountsSchema,
  /** The last failure of a claim, report or sync call (not of an activity: those are reported). */
  lastError: errorBodySchema.nullable(),
});
export type RunnerState = z.infer<typeof runnerStateSchema>;

export const checkWorkingHoursPayloadSchema = z.object({
  workingHours: workingHoursSchema,
  /** Minutes east of UTC. */
  timezoneOffset: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60),
  /** The instant to check; now when absent. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export const checkWorkingHoursResultSchema = z.object({
  withinWorkingHours: z.boolean(),
  /** The check's instant when within hours, else the next window's start; null with no hours at all. */
  nextWorkingAt: z.iso.datetime().nullable(),
});

/** Every command the bridge serves: its payload and its result, by target. */
export const bridgeCommands = {
  system: {
    getVersion: { payload: empty, result: z.object({ version: z.string() }) },
  },
  settings: {
    getHomeUrl: { payload: empty, result: z.object({ url: z.string() }) },
  },
  auth: {
    getSignInUrl: {
      payload: z.object({ returnTo: appPathSchema.default('/'), referrer: z.string().max(200).optional() }),
      result: z.object({ url: z.string() }),
    },
    signOut: { payload: empty, result: z.object({}) },
  },
  api: {
    exchangeAuthorizationCode: {
      payload: exchangeCodeRequestSchema,
      result: z.object({ returnTo: appPathSchema }),
    },
    getToken: { payload: empty, result: tokenInfoSchema },
    refreshToken: { payload: empty, result: tokenInfoSchema },
    revokeToken: { payload: empty, result: z.object({}) },
    getMyProfile: { payload: empty, result: appProfileSchema },
    /** Sign in under a team member: the app's calls then carry the member session's token. */
    signInAsMember: { payload: z.object({ memberId: z.uuid() }), result: tokenInfoSchema },
    /** Stop member session: back to the user's own session. */
    stopMemberSession: { payload: empty, result: z.object({}) },
  },
  network: {
    getMyProfile: { payload: empty, result: networkProfileSchema.nullable() },
    getProfile: {
      payload: z.object({ publicIdentifier: z.string().min(1).max(100) }),
      result: networkProfileSchema,
    },
  },
  logging: {
    report: { payload: logEntrySchema, result: z.object({}) },
  },
  /**
   * One import run per agent. start answers at once with the 'starting' state; progress comes as
   * exportStateChanged events. A second start before the first is finished fails with
   * 'Finish the started export'.
   */
  export: {
    /** The profiles a URL finds (what paging can reach); an invalid link is UnprocessableEntity. */
    count: { payload: importUrlInputSchema, result: z.object({ total: wholeNumber().nonnegative() }) },
    /** Reads pasted profile URLs: one link per line (or separated by spaces or commas). */
    countProfileUrls: {
      payload: z.object({ text: pastedProfileUrlsSchema }),
      result: countProfileUrlsResultSchema,
    },
    start: { payload: startImportRunPayloadSchema, result: importRunStateSchema },
    /** Stops after the current page; answers the final state, or null when there is no run. */
    stop: { payload: empty, result: importRunStateSchema.nullable() },
    /** Forgets a finished run (a running one is left alone). */
    clear: { payload: empty, result: z.object({}) },
    state: { payload: empty, result: importRunStateSchema.nullable() },
    /** The results page of the run's import list ('Show results'); null before the list exists. */
    href: { payload: empty, result: z.object({ navigationUrl: z.string() }).nullable() },
  },
  /**
   * start claims and performs the signed-in persona's due activities until stop (or sign-out, or
   * the page closes); both answer at once with the state, changes come as runnerStateChanged.
   * stop finishes and reports the activity in hand and claims no more.
   */
  runner: {
    start: { payload: empty, result: runnerStateSchema },
    stop: { payload: empty, result: runnerStateSchema },
    state: { payload: empty, result: runnerStateSchema },
    checkWorkingHours: { payload: checkWorkingHoursPayloadSchema, result: checkWorkingHoursResultSchema },
  },
} as const;

type Commands = typeof bridgeCommands;
export type BridgeCommandTarget = keyof Commands;
export type BridgeCommandName<T extends BridgeCommandTarget> = keyof Commands[T] & string;
type Spec<T extends BridgeCommandTarget, C extends BridgeCommandName<T>> = Commands[T][C] extends {
  payload: z.ZodType;
  result: z.ZodType;
}
  ? Commands[T][C]
  : never;
export type BridgePayload<T extends BridgeCommandTarget, C extends BridgeCommandName<T>> = z.input<
  Spec<T, C>['payload']
>;
export type BridgeResult<T extends BridgeCommandTarget, C extends BridgeCommandName<T>> = z.output<
  Spec<T, C>['result']
>;

/**
 * What the app may send: every command the agent serves, plus the one only the Chrome extension
 * serves (the LinkedIn session hand-over of cloud automation; the in-page agent answers it as an
 * unknown command). Agents implement bridgeCommands; the app's bridge is typed by this map.
 */
export const appBridgeCommands = {
  ...bridgeCommands,
  network: {
    ...bridgeCommands.network,
    [networkSessionHandOver.command]: {
      payload: networkSessionHandOver.payload,
      result: networkSessionHandOver.result,
    },
  },
} as const;

type AppCommands = typeof appBridgeCommands;
export type AppBridgeCommandName<T extends BridgeCommandTarget> = keyof AppCommands[T] & string;
type AppSpec<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>> = AppCommands[T][C] extends {
  payload: z.ZodType;
  result: z.ZodType;
}
  ? AppCommands[T][C]
  : never;
export type AppBridgePayload<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>> = z.input<
  AppSpec<T, C>['payload']
>;
export type AppBridgeResult<T extends BridgeCommandTarget, C extends AppBridgeCommandName<T>> = z.output<
  AppSpec<T, C>['result']
>;

/** Looks up a command's schemas (of appBridgeCommands); undefined for an unknown target or command. */
export function findBridgeCommand(
  target: string,
  command: string,
): { payload: z.ZodType; result: z.ZodType } | undefined {
  const group = (
    appBridgeCommands as Record<string, Record<string, { payload: z.ZodType; result: z.ZodType }>>
  )[target];
  return group && Object.hasOwn(group, command) ? group[command] : undefined;
}

/** window.postMessage channel name shared by the app, the in-page agent and the extension's content script. */
export const bridgeChannel = 'outpilot-bridge';

/**
 * The attribute the extension's content script puts on the app's <html> before any of the page's
 * scripts runs (it runs at document_start): the app knows at start-up whether an extension serves
 * the page, rather than guessing from how long a ping stays unanswered.
 */
export const extensionMarkAttribute = 'data-outpilot-extension';

export const bridgeRequestSchema = z.object({
  channel: z.literal(bridgeChannel),
  kind: z.literal('request'),
  target: z.enum(bridgeTargets),
  command: z.string().min(1).max(100),
  metadata: z.object({ correlationId: z.string().min(1).max(100) }),
  payload: z.unknown(),
});
export type BridgeRequest = z.infer<typeof bridgeRequestSchema>;

export const bridgeResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    channel: z.literal(bridgeChannel),
    kind: z.literal('response'),
    metadata: z.object({ correlationId: z.string() }),
    ok: z.literal(true),
    result: z.unknown(),
  }),
  z.object({
    channel: z.literal(bridgeChannel),
    kind: z.literal('response'),
    metadata: z.object({ correlationId: z.string() }),
    ok: z.literal(false),
    error: errorBodySchema,
  }),
]);
export type BridgeResponse = z.infer<typeof bridgeResponseSchema>;

/**
 * Extension events of seed 000 §4, pushed from the agent to the app. exportStateChanged carries
 * the import run's state (exportStateChangedPayloadSchema) on every change of seed 002 §4's
 * export events: starting, started, changed (progress), completed, failed, and stopped.
 */
export const bridgeEventSchema = z.object({
  channel: z.literal(bridgeChannel),
  kind: z.literal('event'),
  event: z.enum([
    'networkProfileDetected',
    'networkSignedOut',
    'productSignedIn',
    'networkProfileChanged',
    'productSignedOut',
    'exportStateChanged',
    'runnerStateChanged',
  ]),
  payload: z.unknown(),
});
export const exportStateChangedPayloadSchema = importRunStateSchema;
export const runnerStateChangedPayloadSchema = runnerStateSchema;
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type BridgeEventName = BridgeEvent['event'];
