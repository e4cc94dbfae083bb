import { describe, expect, it } from 'vitest';
import { formatDelay } from './format-delay.ts';

describe('formatDelay', () => {
  it('says no delay for 0', () => expect(formatDelay(0)).toBe('no delay'));
  it('shows minutes under one day', () => {
    expect(formatDelay(1)).toBe('1 minute');
    expect(formatDelay(30)).toBe('30 minutes');
    expect(formatDelay(120)).toBe('120 minutes');
    expect(formatDelay(1439)).toBe('1439 minutes');
  });
  it('shows days when divisible by 1440', () => {
    expect(formatDelay(1440)).toBe('1 day');
    expect(formatDelay(14400)).toBe('10 days');
  });
  it('shows hours when divisible by 60, with + when not exact', () => {
    expect(formatDelay(1500)).toBe('25 hours');
    expect(formatDelay(1501)).toBe('25+ hours');
  });
});
