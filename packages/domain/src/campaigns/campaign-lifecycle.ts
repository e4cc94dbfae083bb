import type {
  CampaignEvent,
  CampaignEventName,
  CampaignEvents,
  CampaignState,
  CampaignStep,
  CompleteReason,
  PauseReason,
} from '@outpilot/contracts';
import { areStepsRunnable } from './steps.ts';

/**
 * The campaign state machine of seed 001 §4. The server computes the events flags from the same
 * rules it applies on the call, so a flag the UI shows enabled is a call the server accepts.
 *
 * Decisions: archive is refused while Running (stop it first) and keeps the state; an archived
 * campaign cannot run, stop or complete until unarchived; clone works from any state, archived
 * included; complete works from Compose, Running and Stopped.
 */

export type CampaignLifecycleView = {
  state: CampaignState;
  archived: boolean;
  target_audience_count: number;
  steps: readonly CampaignStep[];
};

export const lifecycleHints = {
  alreadyRunning: 'The campaign is already running',
  completed: 'The campaign is completed',
  archived: 'The campaign is archived',
  noContacts: 'Add contacts to launch your campaign!',
  noSteps: 'Add actions to launch your campaign',
  invalidSteps: 'Please fix all warnings',
  notRunning: 'The campaign is not running',
  stopBeforeArchive: 'Stop the campaign before archiving it',
  alreadyArchived: 'The campaign is already archived',
  notArchived: 'The campaign is not archived',
} as const;

/** The hint of a disabled action, or null when it is allowed. */
function refusal(campaign: CampaignLifecycleView, action: CampaignEventName): string | null {
  const { state, archived } = campaign;
  switch (action) {
    case 'run':
      if (archived) return lifecycleHints.archived;
      if (state === 'Running') return lifecycleHints.alreadyRunning;
      if (state === 'Completed') return lifecycleHints.completed;
      if (campaign.target_audience_count === 0) return lifecycleHints.noContacts;
      if (campaign.steps.length === 0) return lifecycleHints.noSteps;
      if (!areStepsRunnable(campaign.steps)) return lifecycleHints.invalidSteps;
      return null;
    case 'stop':
      if (archived) return lifecycleHints.archived;
      return state === 'Running' ? null : lifecycleHints.notRunning;
    case 'complete':
      if (archived) return lifecycleHints.archived;
      return state === 'Completed' ? lifecycleHints.completed : null;
    case 'clone':
      return null;
    case 'archive':
      if (archived) return lifecycleHints.alreadyArchived;
      return state === 'Running' ? lifecycleHints.stopBeforeArchive : null;
    case 'unarchive':
      return archived ? null : lifecycleHints.notArchived;
  }
}

export function campaignEvent(campaign: CampaignLifecycleView, action: CampaignEventName): CampaignEvent {
  const hint = refusal(campaign, action);
  return { enabled: hint === null, hint };
}

export function campaignEvents(campaign: CampaignLifecycleView): CampaignEvents {
  return {
    run: campaignEvent(campaign, 'run'),
    stop: campaignEvent(campaign, 'stop'),
    complete: campaignEvent(campaign, 'complete'),
    clone: campaignEvent(campaign, 'clone'),
    archive: campaignEvent(campaign, 'archive'),
    unarchive: campaignEvent(campaign, 'unarchive'),
  };
}

/** The fields a transition may change; started and completed are set once. */
export type CampaignLifecycleFields = {
  state: CampaignState;
  archived: boolean;
  pause_reason: PauseReason | null;
  complete_reason: CompleteReason | null;
  started: Date | null;
  completed: Date | null;
};

export type TransitionAction =
  | { type: 'run' }
  | { type: 'stop'; reason?: PauseReason }
  | { type: 'complete'; reason?: CompleteReason }
  | { type: 'archive' }
  | { type: 'unarchive' };

export type TransitionRefusal = { action: TransitionAction['type']; description: string };

export type TransitionResult =
  | { ok: true; campaign: CampaignLifecycleFields; resumed: boolean }
  | { ok: false; refusal: TransitionRefusal };

/**
 * Applies one action. A system stop (a pause reason other than User) is allowed whenever the
 * campaign runs; a user stop is the 'stop' event. resumed tells the caller to requeue rather than
 * to build the queue from scratch (run from Stopped resumes immediately, §4).
 */
export function transition(
  campaign: CampaignLifecycleView & CampaignLifecycleFields,
  action: TransitionAction,
  now: Date,
): TransitionResult {
  const hint = refusal(campaign, action.type);
  if (hint !== null) return { ok: false, refusal: { action: action.type, description: hint } };
  const current: CampaignLifecycleFields = {
    state: campaign.state,
    archived: campaign.archived,
    pause_reason: campaign.pause_reason,
    complete_reason: campaign.complete_reason,
    started: campaign.started,
    completed: campaign.completed,
  };
  switch (action.type) {
    case 'run':
      return {
        ok: true,
        resumed: campaign.state === 'Stopped',
        campaign: { ...current, state: 'Running', pause_reason: null, started: current.started ?? now },
      };
    case 'stop':
      return {
        ok: true,
        resumed: false,
        campaign: { ...current, state: 'Stopped', pause_reason: action.reason ?? 'User' },
      };
    case 'complete':
      return {
        ok: true,
        resumed: false,
        campaign: {
          ...current,
          state: 'Completed',
          pause_reason: null,
          complete_reason: action.reason ?? 'User',
          completed: now,
        },
      };
    case 'archive':
      return { ok: true, resumed: false, campaign: { ...current, archived: true } };
    case 'unarchive':
      return { ok: true, resumed: false, campaign: { ...current, archived: false } };
  }
}

/** A clone is a new draft with the same steps; the name gets a suffix within the 50 characters. */
export function cloneName(name: string, maxLength = 50): string {
  const suffix = ' (copy)';
  return `${name.slice(0, Math.max(0, maxLength - suffix.length))}${suffix}`;
}
