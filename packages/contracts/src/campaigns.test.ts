import { describe, expect, it } from 'vitest';
import { claimActivitiesRequestSchema, reportActivityRequestSchema } from './activities.ts';
import {
  campaignsPageQuerySchema,
  campaignsPaths,
  networkReactionValues,
  reactions,
  storedStepSchema,
  updateStepsRequestSchema,
} from './campaigns.ts';
import { fillPath } from './endpoint.ts';

describe('campaign steps on the wire', () => {
  it('fills Connect defaults: 10-day withdraw period and 30-minute delay', () => {
    const parsed = updateStepsRequestSchema.parse({ steps: [{ type: 'Connect' }] });
    expect(parsed.steps[0]).toEqual({ type: 'Connect', timeout: 14_400, delay: 30 });
  });

  it('refuses unknown step types, a Delay in the read form and bad reactions', () => {
    expect(updateStepsRequestSchema.safeParse({ steps: [{ type: 'Dance', timeout: 1 }] }).success).toBe(
      false,
    );
    expect(updateStepsRequestSchema.safeParse({ steps: [{ type: 'Delay', timeout: 1 }] }).success).toBe(
      false,
    );
    expect(
      updateStepsRequestSchema.safeParse({ steps: [{ type: 'ReactOnPost', reaction: 'Wow', timeout: 1440 }] })
        .success,
    ).toBe(false);
    expect(storedStepSchema.safeParse({ type: 'Delay', timeout: 30 }).success).toBe(true);
  });

  it('maps every reaction to a network value', () => {
    expect(reactions.map((reaction) => networkReactionValues[reaction])).toEqual([
      'LIKE',
      'PRAISE',
      'APPRECIATION',
      'EMPATHY',
      'INTEREST',
      'ENTERTAINMENT',
    ]);
  });
});

describe('paths and queries', () => {
  it('fills path parameters and refuses missing ones', () => {
    expect(fillPath(campaignsPaths.executionStepMessage, { id: 'a b', stepNumber: 3 })).toBe(
      '/executions/a%20b/steps/3/message',
    );
    expect(() => fillPath(campaignsPaths.run, {})).toThrow('Missing path parameter id');
  });

  it('reads the archived flag and paging from text', () => {
    expect(campaignsPageQuerySchema.parse({ archived: 'true', $take: '25' })).toEqual({
      archived: true,
      $take: 25,
    });
  });
});

describe('runner protocol', () => {
  it('bounds claims and requires an idempotency key on reports', () => {
    expect(
      claimActivitiesRequestSchema.safeParse({ runner_id: 'r1', max: 500, lease_seconds: 60 }).success,
    ).toBe(false);
    expect(reportActivityRequestSchema.safeParse({ attempt: 1, outcome: 'executed' }).success).toBe(false);
    expect(
      reportActivityRequestSchema.safeParse({
        attempt: 1,
        idempotency_key: 'k-12345678',
        outcome: 'withdrawn',
      }).success,
    ).toBe(true);
  });
});
