import {
  type ActionStepType,
  type CampaignState,
  type CampaignStep,
  connectNoteMaxLength,
  type DelayStep,
  defaultConnectDelayMinutes,
  defaultWithdrawTimeoutMinutes,
  type FieldError,
  freeAccountNoteMaxLength,
  maxCampaignSteps,
  messageMaxLength,
  messageTimeoutDefaultsDays,
  type PauseReason,
  paidAccountNoteMaxLength,
  type StoredStep,
  timerMaxDays,
} from '@outpilot/contracts';
import { findUnsupportedPlaceholders, unsupportedPlaceholderMessage } from './placeholders.ts';

/** Step-list rules of seed 001 §2 "Steps editor" and §5. */

export const stepMessages = {
  enterMessage: 'Enter your message',
  tooLong: 'Too long message',
  fixAllWarnings: 'Please fix all warnings',
  notSupportedActionType: 'Not supported action type',
  tooManySteps: `A campaign can have at most ${maxCampaignSteps} actions`,
  editingLimited: 'The campaign has already started, editing is limited',
  notEditable: 'The steps of an archived or completed campaign cannot be edited',
} as const;

export function atLeastMinutesMessage(minutes: number): string {
  return `Must be at least ${minutes} minutes`;
}

const minutesPerDay = 1440;

/**
 * Timer minimums (§5): Connect's delay may be 0; every other timer (the withdraw period, a
 * message's reply wait, the wait after the other actions) is at least one day.
 */
export const minConnectDelayMinutes = 0;
export const minStepTimeoutMinutes = minutesPerDay;

// ---------------------------------------------------------------------------------------------
// Timer inputs: days 0-9999, hours 0-23, minutes 0-59

export type TimerParts = { days: number; hours: number; minutes: number };

export function splitTimer(totalMinutes: number): TimerParts {
  const whole = Math.max(0, Math.floor(totalMinutes));
  return {
    days: Math.floor(whole / minutesPerDay),
    hours: Math.floor((whole % minutesPerDay) / 60),
    minutes: whole % 60,
  };
}

/** Null when a part is outside its input's range (the input cannot produce it). */
export function joinTimer(parts: TimerParts): number | null {
  const { days, hours, minutes } = parts;
  const inRange = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;
  if (!inRange(days, timerMaxDays) || !inRange(hours, 23) || !inRange(minutes, 59)) return null;
  return days * minutesPerDay + hours * 60 + minutes;
}

// ---------------------------------------------------------------------------------------------
// Defaults

/** The reply wait of a Message at a 0-based position: 3, 7, 14, then 30 days (§5). */
export function defaultMessageTimeoutMinutes(position: number): number {
  const days = messageTimeoutDefaultsDays[Math.min(position, messageTimeoutDefaultsDays.length - 1)] ?? 30;
  return days * minutesPerDay;
}

/** A new step as the editor adds it at a 0-based position. */
export function createDefaultStep(type: ActionStepType, position: number): CampaignStep {
  switch (type) {
    case 'Connect':
      return {
        type,
        message_template: null,
        timeout: defaultWithdrawTimeoutMinutes,
        delay: defaultConnectDelayMinutes,
      };
    case 'Message':
      return { type, message_template: '', timeout: defaultMessageTimeoutMinutes(position) };
    case 'ReactOnPost':
      return { type, reaction: 'Like', timeout: minStepTimeoutMinutes };
    default:
      return { type, timeout: minStepTimeoutMinutes };
  }
}

// ---------------------------------------------------------------------------------------------
// Stored and read forms: the Delay step after a non-last Connect

/** Read form to stored form: a Delay holding Connect's delay follows every Connect but the last. */
export function expandSteps(steps: readonly CampaignStep[]): StoredStep[] {
  return steps.flatMap((step, index): StoredStep[] => {
    if (step.type !== 'Connect') return [step];
    const { delay, ...connect } = step;
    return index < steps.length - 1 ? [connect, { type: 'Delay', timeout: delay }] : [connect];
  });
}

/**
 * Stored form to read form. A Delay right after a Connect becomes its delay; a last Connect gets
 * the default delay. A Delay anywhere else is never written by expandSteps and is dropped.
 */
export function foldSteps(stored: readonly StoredStep[]): CampaignStep[] {
  const steps: CampaignStep[] = [];
  stored.forEach((step, index) => {
    if (step.type === 'Delay') return;
    if (step.type !== 'Connect') {
      steps.push(step);
      return;
    }
    const next = stored[index + 1];
    steps.push({
      ...step,
      delay: next?.type === 'Delay' ? next.timeout : defaultConnectDelayMinutes,
    });
  });
  return steps;
}

export function isDelayStep(step: StoredStep): step is DelayStep {
  return step.type === 'Delay';
}

// ---------------------------------------------------------------------------------------------
// Validation of a step list (the editor's warnings and the server's 422 on update_steps)

export type StepTextLimits = { connectNote: number; message: number };
export const defaultStepTextLimits: StepTextLimits = {
  connectNote: connectNoteMaxLength,
  message: messageMaxLength,
};

/** Characters as the network counts them: Unicode code points, so an emoji is one. */
export function textLength(text: string): number {
  return [...text].length;
}

function validateText(
  errors: FieldError[],
  field: string,
  text: string | null | undefined,
  required: boolean,
  max: number,
): void {
  const value = text ?? '';
  if (required && value.trim() === '') {
    errors.push({ field, description: stepMessages.enterMessage });
    return;
  }
  if (textLength(value) > max) errors.push({ field, description: stepMessages.tooLong });
  for (const placeholder of findUnsupportedPlaceholders(value)) {
    errors.push({ field, description: unsupportedPlaceholderMessage(placeholder) });
  }
}

function validateTimer(errors: FieldError[], field: string, minutes: number, min: number): void {
  if (minutes < min) errors.push({ field, description: atLeastMinutesMessage(min) });
}

/** Field paths look like 'steps[1].message_template'. An empty list is valid to save (a draft). */
export function validateSteps(
  steps: readonly CampaignStep[],
  limits: StepTextLimits = defaultStepTextLimits,
): FieldError[] {
  const errors: FieldError[] = [];
  if (steps.length > maxCampaignSteps)
    errors.push({ field: 'steps', description: stepMessages.tooManySteps });
  steps.forEach((step, index) => {
    const at = `steps[${index}]`;
    switch (step.type) {
      case 'Connect':
        validateText(errors, `${at}.message_template`, step.message_template, false, limits.connectNote);
        validateTimer(errors, `${at}.timeout`, step.timeout, minStepTimeoutMinutes);
        validateTimer(errors, `${at}.delay`, step.delay, minConnectDelayMinutes);
        break;
      case 'Message':
        validateText(errors, `${at}.message_template`, step.message_template, true, limits.message);
        validateTimer(errors, `${at}.timeout`, step.timeout, minStepTimeoutMinutes);
        break;
      default:
        validateTimer(errors, `${at}.timeout`, step.timeout, minStepTimeoutMinutes);
    }
  });
  return errors;
}

/** Saving is blocked with 'Please fix all warnings' while any warning stands (§5). */
export type SaveStepsCheck = { ok: true } | { ok: false; message: string; errors: FieldError[] };

export function checkStepsForSave(steps: readonly CampaignStep[]): SaveStepsCheck {
  const errors = validateSteps(steps);
  return errors.length === 0 ? { ok: true } : { ok: false, message: stepMessages.fixAllWarnings, errors };
}

/** Run needs at least one action and no warnings. */
export function areStepsRunnable(steps: readonly CampaignStep[]): boolean {
  return steps.length > 0 && validateSteps(steps).length === 0;
}

// ---------------------------------------------------------------------------------------------
// The provider's note limit, checked by the engine on the rendered note before sending

export type AccountTier = 'free' | 'premium';

export type InvitationNoteCheck = { ok: true } | { ok: false; pauseReason: PauseReason; max: number };

/**
 * Free accounts may send notes of up to 200 characters, paid ones 300 (network-api §2.1); the
 * editor allows 290, so a free account's longer note pauses the campaign instead of failing every
 * invitation. The check runs on the rendered note, as placeholder values change its length.
 */
export function checkInvitationNote(renderedNote: string | null, tier: AccountTier): InvitationNoteCheck {
  const max = tier === 'free' ? freeAccountNoteMaxLength : paidAccountNoteMaxLength;
  if (renderedNote === null || textLength(renderedNote) <= max) return { ok: true };
  return { ok: false, pauseReason: 'TooLongInvitationMessage', max };
}

// ---------------------------------------------------------------------------------------------
// Editing rules by campaign state

export type StepsEditContext = { state: CampaignState; archived: boolean };

/** allowAddSteps of the campaign document: adding and deleting only in an unarchived draft (§2). */
export function allowAddSteps(context: StepsEditContext): boolean {
  return context.state === 'Compose' && !context.archived;
}

export function canEditSteps(context: StepsEditContext): boolean {
  return !context.archived && context.state !== 'Completed';
}

/**
 * What may change (decision, from §2 and §4): a draft changes freely. Once started (Running or
 * Stopped) the list keeps its length, order and types, since executions point into it by step
 * number; texts, reactions, timeouts and delays of every step may change and apply to activities
 * not yet performed (sent messages stay as sent). Changing a reached step's text is what lets a
 * user fix a note that paused the campaign with TooLongInvitationMessage. Archived and Completed
 * campaigns change nothing.
 */
export function checkStepsEdit(
  context: StepsEditContext,
  before: readonly CampaignStep[],
  after: readonly CampaignStep[],
): FieldError[] {
  if (!canEditSteps(context)) return [{ field: 'steps', description: stepMessages.notEditable }];
  if (allowAddSteps(context)) return validateSteps(after);
  const sameShape =
    before.length === after.length && before.every((step, index) => step.type === after[index]?.type);
  if (!sameShape) return [{ field: 'steps', description: stepMessages.editingLimited }];
  return validateSteps(after);
}
