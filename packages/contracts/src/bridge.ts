import { z } from 'zod';
import { appPathSchema, appProfileSchema, exchangeCodeRequestSchema } from './auth.ts';
import { errorBodySchema } from './errors.ts';
import { logEntrySchema } from './logs.ts';
import { networkProfileSchema } from './network.ts';

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

/** Looks up a command's schemas; undefined for an unknown target or command. */
export function findBridgeCommand(
  target: string,
  command: string,
): { payload: z.ZodType; result: z.ZodType } | undefined {
  const group = (bridgeCommands as Record<string, Record<string, { payload: z.ZodType; result: z.ZodType }>>)[
    target
  ];
  return group && Object.hasOwn(group, command) ? group[command] : undefined;
}

/** window.postMessage channel name shared by the app, the in-page agent and the extension's content script. */
export const bridgeChannel = 'outpilot-bridge';

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

/** Extension events of seed 000 §4, pushed from the agent to the app. */
export const bridgeEventSchema = z.object({
  channel: z.literal(bridgeChannel),
  kind: z.literal('event'),
  event: z.enum([
    'networkProfileDetected',
    'networkSignedOut',
    'productSignedIn',
    'networkProfileChanged',
    'productSignedOut',
  ]),
  payload: z.unknown(),
});
export type BridgeEvent = z.infer<typeof bridgeEventSchema>;
export type BridgeEventName = BridgeEvent['event'];
