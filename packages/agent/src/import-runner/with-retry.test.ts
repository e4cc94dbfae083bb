import { describe, expect, it } from 'vitest';
import { AgentError } from '../errors.ts';
import { backoffDelayMs, defaultRetryPolicy, withRetry } from './with-retry.ts';

const policy = { attempts: 4, baseDelayMs: 1_000, maxDelayMs: 5_000 };

describe('backoffDelayMs', () => {
  it('doubles from the base with equal jitter, is capped, and honours Retry-After', () => {
    expect(backoffDelayMs(1, policy, () => 0)).toBe(500);
    expect(backoffDelayMs(1, policy, () => 0.999)).toBe(1_000);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(1_500);
    expect(backoffDelayMs(6, policy, () => 0)).toBe(2_500);
    expect(backoffDelayMs(1, policy, () => 0, 30_000)).toBe(30_000);
    expect(defaultRetryPolicy.attempts).toBeGreaterThan(1);
  });
});

describe('withRetry', () => {
  const sleeps: number[] = [];
  const options = {
    policy,
    random: () => 0,
    sleep: async (milliseconds: number) => {
      sleeps.push(milliseconds);
    },
  };

  it('retries transient failures and returns the first success', async () => {
    sleeps.length = 0;
    let calls = 0;
    const result = await withRetry(async () => {
      calls += 1;
      if (calls < 3) throw new AgentError('BadGateway', 'down', { status: 502 });
      return 'ok';
    }, options);
    expect(result).toBe('ok');
    expect(sleeps).toEqual([500, 1_000]);
  });

  it('gives up after the last attempt and never retries a refusal', async () => {
    sleeps.length = 0;
    let calls = 0;
    const throttled = withRetry(async () => {
      calls += 1;
      throw new AgentError('ExceedsLimit', 'slow down', { code: 'RATE_LIMITED', retryAfterMs: 3_000 });
    }, options);
    await expect(throttled).rejects.toMatchObject({ name: 'ExceedsLimit' });
    expect(calls).toBe(4);
    expect(sleeps).toEqual([3_000, 3_000, 3_000]);

    calls = 0;
    const refused = withRetry(async () => {
      calls += 1;
      throw new AgentError('NotAuthorized', 'no', { status: 403 });
    }, options);
    await expect(refused).rejects.toMatchObject({ name: 'NotAuthorized' });
    expect(calls).toBe(1);
  });

  it('throws a throttle at once when it asks for a longer wait than the policy allows', async () => {
    sleeps.length = 0;
    let calls = 0;
    const longThrottle = () =>
      withRetry(
        async () => {
          calls += 1;
          throw new AgentError('ExceedsLimit', 'slow down', {
            code: 'RATE_LIMITED',
            retryAfterMs: 3_600_000,
          });
        },
        { ...options, policy: { ...policy, maxRetryAfterMs: 300_000 } },
      );
    await expect(longThrottle()).rejects.toMatchObject({ name: 'ExceedsLimit', retryAfterMs: 3_600_000 });
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);

    calls = 0;
    const withinCap = withRetry(
      async () => {
        calls += 1;
        if (calls === 1)
          throw new AgentError('ExceedsLimit', 'slow down', { code: 'RATE_LIMITED', retryAfterMs: 300_000 });
        return 'ok';
      },
      { ...options, policy: { ...policy, maxRetryAfterMs: 300_000 } },
    );
    await expect(withinCap).resolves.toBe('ok');
    expect(sleeps).toEqual([300_000]);
  });

  it('stops waiting when its signal aborts', async () => {
    const controller = new AbortController();
    let calls = 0;
    const run = withRetry(
      async () => {
        calls += 1;
        throw new AgentError('BadGateway', 'down');
      },
      {
        ...options,
        signal: controller.signal,
        sleep: async () => {
          controller.abort();
        },
      },
    );
    await expect(run).rejects.toMatchObject({ name: 'BadGateway' });
    expect(calls).toBe(1);
  });
});
