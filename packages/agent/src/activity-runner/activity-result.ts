import {
  type ActivityError,
  type ActivityOutcome,
  sandboxActionErrorCodes as codes,
  type ScrapedProfile,
} from '@outpilot/contracts';
import { AgentError } from '../errors.ts';

/** What performing one claimed activity came to: the body of its report, less attempt and key. */
export type ActivityResult = {
  outcome: ActivityOutcome;
  networkRef?: string;
  error?: ActivityError;
  scrapedProfile?: ScrapedProfile;
  /** An earlier attempt's action was found on the network; this attempt did not act. */
  reconciled?: boolean;
};

/** Why an activity was skipped when no network error says it (reported as the error's code). */
export const skipCodes = {
  noPosts: 'NO_POSTS',
  noSkills: 'NO_SKILLS',
  noPendingInvitation: 'NO_PENDING_INVITATION',
  noMessage: 'NO_MESSAGE',
} as const;

/** The wait suggested to the engine when the persona's network session is gone. */
export const sessionLostRetryMs = 15 * 60_000;

const limitCodes: ReadonlySet<string> = new Set([
  codes.weeklyInvitationLimit,
  codes.exceedFreeMonthlyPersonalizedInvitations,
  codes.tooLongInvitationMessage,
]);

/** Refusals that mean "nothing to do for this contact" rather than a failure. */
const skipErrorCodes: ReadonlySet<string> = new Set([
  codes.alreadyConnected,
  codes.notConnected,
  codes.cantResendYet,
  codes.invitationAlreadyAccepted,
  codes.skillNotFound,
  codes.selfAction,
]);

export const executed = (networkRef?: string, extra: Partial<ActivityResult> = {}): ActivityResult => ({
  outcome: 'executed',
  ...(networkRef ? { networkRef } : {}),
  ...extra,
});

export const skipped = (code: string, message: string): ActivityResult => ({
  outcome: 'skipped',
  error: { name: 'Skipped', code, message, transient: false },
});

export function toActivityError(error: unknown): ActivityError {
  if (!(error instanceof AgentError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { name: 'ClientError', message: message.slice(0, 2000), transient: false };
  }
  const sessionLost = error.name === 'NotAuthenticated';
  const retryAfterMs = error.retryAfterMs ?? (sessionLost ? sessionLostRetryMs : undefined);
  return {
    name: error.name,
    ...(error.code ? { code: error.code } : {}),
    message: error.message.slice(0, 2000),
    // A lost session is the persona's, not the contact's: the engine should wait, not fail the execution.
    transient: error.transient || sessionLost,
    ...(retryAfterMs === undefined ? {} : { retry_after_ms: Math.max(0, Math.round(retryAfterMs)) }),
  };
}

/**
 * A network refusal as a report: the limits the engine pauses or reschedules on, per-contact
 * refusals as skipped, throttles and failing networks as transient errors, the rest as errors.
 */
export function resultOfError(error: unknown): ActivityResult {
  const reported = toActivityError(error);
  const code = reported.code ?? '';
  if (limitCodes.has(code)) return { outcome: 'limit_exceeded', error: { ...reported, transient: false } };
  // The network already holds a call with this step's key, made with other parameters (a retry that
  // chose another post): the step was done.
  if (code === codes.idempotencyKeyReused) return executed(undefined, { reconciled: true });
  if (skipErrorCodes.has(code)) return { outcome: 'skipped', error: reported };
  // A deleted, private or unreachable profile (or an invitation gone): nothing to do for this contact.
  if (reported.name === 'NotFound') return { outcome: 'skipped', error: reported };
  return { outcome: 'error', error: reported };
}
