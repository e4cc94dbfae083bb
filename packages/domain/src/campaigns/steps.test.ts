import type { CampaignStep, StoredStep } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowAddSteps,
  checkInvitationNote,
  checkStepsEdit,
  checkStepsForSave,
  createDefaultStep,
  defaultMessageTimeoutMinutes,
  expandSteps,
  foldSteps,
  joinTimer,
  splitTimer,
  stepMessages,
  validateSteps,
} from './steps.ts';

const day = 1440;
const connect = (note: string | null = 'Hi {first_name}', delay = 30): CampaignStep => ({
  type: 'Connect',
  message_template: note,
  timeout: 10 * day,
  delay,
});
const message = (text: string, timeout = 3 * day): CampaignStep => ({
  type: 'Message',
  message_template: text,
  timeout,
});

describe('validateSteps', () => {
  it('accepts a valid sequence and an empty draft', () => {
    expect(
      validateSteps([connect(), message('Thanks {First Name}'), { type: 'Follow', timeout: day }]),
    ).toEqual([]);
    expect(validateSteps([])).toEqual([]);
  });

  it("requires a message text: 'Enter your message'", () => {
    expect(validateSteps([message('  ')])).toEqual([
      { field: 'steps[0].message_template', description: 'Enter your message' },
    ]);
  });

  it('allows a Connect without a note', () => {
    expect(validateSteps([connect(null), connect('')])).toEqual([]);
  });

  it("says 'Too long message' past 290 for a note and 3000 for a message, counting code points", () => {
    expect(validateSteps([connect('x'.repeat(290)), message('x'.repeat(3000))])).toEqual([]);
    expect(validateSteps([connect('x'.repeat(291))])).toEqual([
      { field: 'steps[0].message_template', description: 'Too long message' },
    ]);
    expect(validateSteps([message('x'.repeat(3001))])[0]?.description).toBe('Too long message');
    expect(validateSteps([connect('😀'.repeat(290))])).toEqual([]);
  });

  it("names unsupported placeholders: '{x} is not supported'", () => {
    expect(validateSteps([message('Hi {nickname}')])).toEqual([
      { field: 'steps[0].message_template', description: '{nickname} is not supported' },
    ]);
  });

  it('enforces timer minimums: one day for timeouts, zero for the Connect delay', () => {
    expect(validateSteps([connect('hi', 0)])).toEqual([]);
    expect(validateSteps([message('hi', day - 1)])).toEqual([
      { field: 'steps[0].timeout', description: 'Must be at least 1440 minutes' },
    ]);
  });

  it('caps a campaign at 12 actions', () => {
    const steps = Array.from({ length: 13 }, () => message('hi'));
    expect(validateSteps(steps)).toContainEqual({ field: 'steps', description: stepMessages.tooManySteps });
    expect(validateSteps(steps.slice(1))).toEqual([]);
  });

  it("blocks saving with 'Please fix all warnings'", () => {
    const check = checkStepsForSave([message('')]);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toBe('Please fix all warnings');
    expect(checkStepsForSave([message('hi')])).toEqual({ ok: true });
  });
});

describe('timers and defaults', () => {
  it('splits and joins timer inputs within their ranges', () => {
    expect(splitTimer(3 * day + 2 * 60 + 5)).toEqual({ days: 3, hours: 2, minutes: 5 });
    expect(joinTimer({ days: 9999, hours: 23, minutes: 59 })).toBe(9999 * day + 23 * 60 + 59);
    expect(joinTimer({ days: 10000, hours: 0, minutes: 0 })).toBeNull();
    expect(joinTimer({ days: 0, hours: 24, minutes: 0 })).toBeNull();
    expect(joinTimer({ days: 0, hours: 0, minutes: 60 })).toBeNull();
  });

  it('defaults message timeouts to 3, 7, 14, then 30 days', () => {
    expect([0, 1, 2, 3, 11, 20].map((position) => defaultMessageTimeoutMinutes(position) / day)).toEqual([
      3, 7, 14, 30, 30, 30,
    ]);
    expect(createDefaultStep('Connect', 0)).toEqual({
      type: 'Connect',
      message_template: null,
      timeout: 10 * day,
      delay: 30,
    });
    expect(createDefaultStep('Message', 1)).toEqual({
      type: 'Message',
      message_template: '',
      timeout: 7 * day,
    });
  });
});

describe('the auto Delay step', () => {
  it('is inserted after every Connect that is not last and folded back on reading', () => {
    const steps = [connect('a', 45), message('b'), connect('c', 60)];
    const stored = expandSteps(steps);
    expect(stored.map((step) => step.type)).toEqual(['Connect', 'Delay', 'Message', 'Connect']);
    expect(stored[1]).toEqual({ type: 'Delay', timeout: 45 });
    expect(stored[0]).not.toHaveProperty('delay');
    expect(foldSteps(stored)).toEqual([connect('a', 45), message('b'), connect('c', 30)]);
  });

  it('drops a stray Delay that does not follow a Connect', () => {
    const stored: StoredStep[] = [
      { type: 'Delay', timeout: 5 },
      { type: 'Message', message_template: 'x', timeout: day },
    ];
    expect(foldSteps(stored)).toEqual([message('x', day)]);
  });
});

describe('checkInvitationNote', () => {
  it('pauses with TooLongInvitationMessage past 200 characters on a free account, 300 on a paid one', () => {
    expect(checkInvitationNote('x'.repeat(200), 'free')).toEqual({ ok: true });
    expect(checkInvitationNote('x'.repeat(201), 'free')).toEqual({
      ok: false,
      pauseReason: 'TooLongInvitationMessage',
      max: 200,
    });
    expect(checkInvitationNote('x'.repeat(290), 'premium')).toEqual({ ok: true });
    expect(checkInvitationNote(null, 'free')).toEqual({ ok: true });
  });
});

describe('editing rules', () => {
  const before = [connect('hi'), message('one')];

  it('lets a draft add, remove and reorder steps', () => {
    const draft = { state: 'Compose' as const, archived: false };
    expect(allowAddSteps(draft)).toBe(true);
    expect(checkStepsEdit(draft, before, [message('one')])).toEqual([]);
    expect(checkStepsEdit(draft, before, [...before, message('two')])).toEqual([]);
  });

  it('keeps the shape of a started campaign but lets texts and timers change', () => {
    for (const state of ['Running', 'Stopped'] as const) {
      const started = { state, archived: false };
      expect(allowAddSteps(started)).toBe(false);
      expect(checkStepsEdit(started, before, [...before, message('two')])).toEqual([
        { field: 'steps', description: 'The campaign has already started, editing is limited' },
      ]);
      expect(checkStepsEdit(started, before, [before[0] as CampaignStep])).toHaveLength(1);
      expect(checkStepsEdit(started, before, [message('x'), connect('hi')])).toHaveLength(1);
      expect(checkStepsEdit(started, before, [connect('shorter', 120), message('changed', 9 * day)])).toEqual(
        [],
      );
      expect(checkStepsEdit(started, before, [connect('hi'), message('')])[0]?.description).toBe(
        'Enter your message',
      );
    }
  });

  it('refuses every edit of an archived or completed campaign', () => {
    expect(checkStepsEdit({ state: 'Completed', archived: false }, before, before)).toEqual([
      { field: 'steps', description: stepMessages.notEditable },
    ]);
    expect(checkStepsEdit({ state: 'Compose', archived: true }, before, before)).toHaveLength(1);
    expect(allowAddSteps({ state: 'Compose', archived: true })).toBe(false);
  });
});
