import { describe, expect, it } from 'vitest';
import { fieldPath, stepsFormSchema } from './steps-form-schema.ts';

const messagesOf = (steps: unknown[]) => {
  const result = stepsFormSchema.safeParse({ steps, launch_in_minutes: 0 });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('stepsFormSchema', () => {
  it('turns domain field paths into form paths', () => {
    expect(fieldPath('steps[1].message_template')).toEqual(['steps', 1, 'message_template']);
  });
  it('gives the spec texts at the field they belong to', () => {
    expect(
      messagesOf([
        { type: 'Connect', message_template: 'Hi {nickname}', timeout: 14400, delay: 30 },
        { type: 'Message', message_template: '', timeout: 4320 },
        { type: 'Message', message_template: 'x'.repeat(3001), timeout: 60 },
      ]),
    ).toEqual([
      ['steps.0.message_template', '{nickname} is not supported'],
      ['steps.1.message_template', 'Enter your message'],
      ['steps.2.message_template', 'Too long message'],
      ['steps.2.timeout', 'Must be at least 1440 minutes'],
    ]);
  });
  it('takes a valid sequence', () => {
    expect(
      messagesOf([
        { type: 'Connect', message_template: 'Hi {first_name}', timeout: 14400, delay: 30 },
        { type: 'ReactOnPost', reaction: 'Love', timeout: 1440 },
      ]),
    ).toEqual([]);
  });
});
