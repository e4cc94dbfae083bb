import {
  type AppProfile,
  appProfileSchema,
  type DailyLimits,
  defaultDailyLimits,
  defaultWorkingHours,
  errorBodySchema,
  timezoneOffsetNotWholeMinutesMessage,
  type WorkingHours,
} from '@outpilot/contracts';
import { totalTooLongMessage, workingHoursMessages } from '@outpilot/domain';
import { describe, expect, it } from 'vitest';
import { type ActivityAction, activityLog } from '../db/schema.ts';
import { callApi, signInNewAccount, testBackends } from '../testing/index.ts';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';
import { periodStatisticsMessages } from './get-period-statistics.ts';
import { timezoneOffsetNotOnListMessage } from './update-timezone-offset.ts';

const notAuthorized = { name: 'NotAuthorized', message: 'Not authorized' };
const day = 86_400_000;
const nineToFive = [{ start: 9 * 60, duration: 8 * 60 }];
const weekdaysNineToFive: WorkingHours = {
  ...defaultWorkingHours,
  monday: nineToFive,
  tuesday: nineToFive,
  wednesday: [
    { start: 8 * 60, duration: 4 * 60 },
    { start: 13 * 60, duration: 4 * 60 },
  ],
  saturday: [{ start: 10 * 60, duration: 2 * 60 }],
};

describe.each(testBackends())('workspace settings on $name', ({ databaseUrl }) => {
  const server = testServerForSuite(databaseUrl);

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    callApi(server.url, method, path, token, body);
  const json = async (response: Response) => ({ status: response.status, body: await response.json() });
  /** A refusal: its status and the one error body, whose message is the first error's description. */
  const refusal = async (response: Response) => {
    const body = errorBodySchema.parse(await response.json());
    expect(body.message).toBe(body.errors?.[0]?.description ?? body.message);
    return { status: response.status, body };
  };

  async function profileOf(token: string): Promise<AppProfile> {
    return appProfileSchema.parse(await (await call('GET', '/profile', token)).json());
  }

  it('answers 403 NotAuthorized without a token on every workspace call', async () => {
    const calls: [string, string, unknown?][] = [
      ['PUT', '/workspace/timezone-offset', { timezone_offset: 60 }],
      ['GET', '/workspace/working-hours-in-minutes'],
      ['PUT', '/workspace/working-hours-in-minutes', defaultWorkingHours],
      ['GET', '/workspace/daily-limits'],
      ['PUT', '/workspace/daily-limits', defaultDailyLimits],
      ['GET', '/workspace/automation-mode'],
      ['GET', '/workspace/period-statistics?start=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z'],
    ];
    for (const [method, path, body] of calls) {
      expect(await json(await call(method, path, undefined, body)), `${method} ${path}`).toEqual({
        status: 403,
        body: notAuthorized,
      });
    }
  });

  describe('timezone offset', () => {
    it('saves an offset of the list, whole hour or not, and the profile shows it', async () => {
      const { token } = await signInNewAccount(server);
      expect((await profileOf(token)).timezoneOffset).toBeNull();
      for (const offset of [120, -12 * 60, 5 * 60 + 45, 0]) {
        expect(
          await json(await call('PUT', '/workspace/timezone-offset', token, { timezone_offset: offset })),
        ).toEqual({ status: 200, body: { timezone_offset: offset } });
        expect((await profileOf(token)).timezoneOffset).toBe(offset);
      }
    });

    it.each([
      [61, timezoneOffsetNotOnListMessage],
      [13 * 60, timezoneOffsetNotOnListMessage],
      [13 * 60 + 1, timezoneOffsetNotOnListMessage],
      [-13 * 60, timezoneOffsetNotOnListMessage],
      [1.5, timezoneOffsetNotWholeMinutesMessage],
      ['120', timezoneOffsetNotWholeMinutesMessage],
      [null, timezoneOffsetNotWholeMinutesMessage],
    ])('refuses %j with 422 and keeps the saved offset', async (offset, description) => {
      const { token } = await signInNewAccount(server);
      await call('PUT', '/workspace/timezone-offset', token, { timezone_offset: 60 });
      expect(
        await json(await call('PUT', '/workspace/timezone-offset', token, { timezone_offset: offset })),
      ).toEqual({
        status: 422,
        body: {
          name: 'UnprocessableEntity',
          message: description,
          errors: [{ field: 'timezone_offset', description }],
        },
      });
      expect((await profileOf(token)).timezoneOffset).toBe(60);
    });
  });

  describe('working hours', () => {
    it('answers the defaults until set, then the saved hours; the profile flips workingHoursSet', async () => {
      const { token } = await signInNewAccount(server);
      expect(await json(await call('GET', '/workspace/working-hours-in-minutes', token))).toEqual({
        status: 200,
        body: defaultWorkingHours,
      });
      expect((await profileOf(token)).workingHoursSet).toBe(false);

      expect(
        await json(await call('PUT', '/workspace/working-hours-in-minutes', token, weekdaysNineToFive)),
      ).toEqual({
        status: 200,
        body: weekdaysNineToFive,
      });
      expect(await json(await call('GET', '/workspace/working-hours-in-minutes', token))).toEqual({
        status: 200,
        body: weekdaysNineToFive,
      });
      expect((await profileOf(token)).workingHoursSet).toBe(true);
    });

    const week = (days: Partial<WorkingHours>): WorkingHours => ({ ...defaultWorkingHours, ...days });
    it.each([
      [
        'overlapping intervals',
        week({
          monday: [
            { start: 540, duration: 120 },
            { start: 600, duration: 60 },
          ],
        }),
        { field: 'monday[1].start', description: workingHoursMessages.overlap },
      ],
      [
        'an interval past midnight',
        week({ friday: [{ start: 23 * 60, duration: 120 }] }),
        { field: 'friday[0].duration', description: workingHoursMessages.endOutOfDay },
      ],
      [
        'a start outside the day',
        week({ tuesday: [{ start: 24 * 60, duration: 30 }] }),
        { field: 'tuesday[0].start', description: workingHoursMessages.startOutOfDay },
      ],
      [
        'over 12 hours a day',
        week({ sunday: [{ start: 6 * 60, duration: 12 * 60 + 1 }] }),
        { field: 'sunday', description: totalTooLongMessage() },
      ],
      [
        'an empty week',
        week({ monday: [], tuesday: [], wednesday: [], thursday: [], friday: [] }),
        { field: 'working_hours', description: workingHoursMessages.noDaySelected },
      ],
    ])('refuses %s with 422 and keeps the saved hours', async (_case, hours, error) => {
      const { token } = await signInNewAccount(server, { onboarded: true });
      const before = await json(await call('GET', '/workspace/working-hours-in-minutes', token));
      const { status, body } = await refusal(
        await call('PUT', '/workspace/working-hours-in-minutes', token, hours),
      );
      expect(status).toBe(422);
      expect(body.name).toBe('UnprocessableEntity');
      expect(body.errors).toContainEqual(error);
      expect(await json(await call('GET', '/workspace/working-hours-in-minutes', token))).toEqual(before);
    });

    it.each([
      ['a missing day', { ...defaultWorkingHours, sunday: undefined }],
      ['a negative start', { ...defaultWorkingHours, monday: [{ start: -1, duration: 60 }] }],
      ['a fractional duration', { ...defaultWorkingHours, monday: [{ start: 60, duration: 1.5 }] }],
    ])('refuses the wrong shape (%s) with 422 and saves nothing', async (_case, hours) => {
      const { token } = await signInNewAccount(server);
      const { status, body } = await refusal(
        await call('PUT', '/workspace/working-hours-in-minutes', token, hours),
      );
      expect(status).toBe(422);
      expect(body.name).toBe('UnprocessableEntity');
      expect(body.errors?.length).toBeGreaterThan(0);
      expect((await profileOf(token)).workingHoursSet).toBe(false);
    });
  });

  describe('daily limits', () => {
    it('answers the defaults, saves all four and answers them back', async () => {
      const { token } = await signInNewAccount(server);
      expect(await json(await call('GET', '/workspace/daily-limits', token))).toEqual({
        status: 200,
        body: defaultDailyLimits,
      });
      const limits: DailyLimits = {
        daily_linkedin_follow_limit: 100,
        daily_linkedin_invitations_limit: 75,
        daily_linkedin_messages_limit: 0,
        daily_linkedin_react_on_post_limit: 5,
      };
      expect(await json(await call('PUT', '/workspace/daily-limits', token, limits))).toEqual({
        status: 200,
        body: limits,
      });
      expect(await json(await call('GET', '/workspace/daily-limits', token))).toEqual({
        status: 200,
        body: limits,
      });
    });

    it.each([
      [
        'daily_linkedin_follow_limit',
        7,
        'daily_linkedin_follow_limit must be a multiple of 5 between 0 and 100',
      ],
      [
        'daily_linkedin_invitations_limit',
        80,
        'daily_linkedin_invitations_limit must be a multiple of 5 between 0 and 75',
      ],
      [
        'daily_linkedin_messages_limit',
        105,
        'daily_linkedin_messages_limit must be a multiple of 5 between 0 and 100',
      ],
    ] as const)('refuses %s = %d with 422 and keeps the saved limits', async (field, value, description) => {
      const { token } = await signInNewAccount(server);
      expect(
        await json(
          await call('PUT', '/workspace/daily-limits', token, { ...defaultDailyLimits, [field]: value }),
        ),
      ).toEqual({
        status: 422,
        body: { name: 'UnprocessableEntity', message: description, errors: [{ field, description }] },
      });
      expect(await json(await call('GET', '/workspace/daily-limits', token))).toEqual({
        status: 200,
        body: defaultDailyLimits,
      });
    });

    it('refuses a negative limit (-5) and a missing field with 422 and saves nothing', async () => {
      const { token } = await signInNewAccount(server);
      for (const body of [
        { ...defaultDailyLimits, daily_linkedin_react_on_post_limit: -5 },
        { ...defaultDailyLimits, daily_linkedin_follow_limit: undefined },
      ]) {
        const answer = await refusal(await call('PUT', '/workspace/daily-limits', token, body));
        expect(answer.status).toBe(422);
        expect(answer.body.name).toBe('UnprocessableEntity');
        expect(answer.body.errors?.[0]?.field).toMatch(/^daily_linkedin_(react_on_post|follow)_limit$/);
      }
      expect((await json(await call('GET', '/workspace/daily-limits', token))).body).toEqual(
        defaultDailyLimits,
      );
    });
  });

  describe('automation mode', () => {
    it('runs locally from the caller address, place unknown', async () => {
      const { token } = await signInNewAccount(server);
      expect(await json(await call('GET', '/workspace/automation-mode', token))).toEqual({
        status: 200,
        body: { is_cloud: false, city_name: null, country_code: null, ip_address: '127.0.0.1' },
      });
    });
  });

  describe('period statistics', () => {
    const rangeStart = new Date('2026-03-01T00:00:00.000Z');
    async function logActivities(personaId: string, rows: [ActivityAction, Date][]) {
      await server.db
        .insert(activityLog)
        .values(rows.map(([action, occurredAt]) => ({ personaId, action, occurredAt })));
    }
    const statistics = (token: string, start: string, end: string) =>
      call(
        'GET',
        `/workspace/period-statistics?start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
        token,
      );

    it('counts the caller workspace actions inside [start, end) only, with limits over the range', async () => {
      const { account, token } = await signInNewAccount(server);
      const other = await signInNewAccount(server);
      const inside = (hours: number) => new Date(rangeStart.getTime() + hours * 3_600_000);
      const end = new Date(rangeStart.getTime() + 7 * day - 1);
      await logActivities(account.personaId, [
        ['invitation_sent', rangeStart],
        ['invitation_sent', inside(5)],
        ['invitation_sent', inside(30)],
        ['invitation_accepted', inside(40)],
        ['invitation_withdrawn', inside(50)],
        ['message_sent', inside(1)],
        ['message_sent', inside(2)],
        ['reply_received', inside(3)],
        ['post_reacted', inside(4)],
        ['profile_followed', inside(6)],
        ['profile_followed', inside(7)],
        ['profile_visited', inside(8)],
        ['skill_endorsed', inside(9)],
        ['profile_scraped', inside(10)],
        // Outside: a millisecond before, at the end (exclusive), and after.
        ['invitation_sent', new Date(rangeStart.getTime() - 1)],
        ['message_sent', end],
        ['profile_followed', new Date(end.getTime() + day)],
      ]);
      // The other workspace's activity never shows in the caller's figures.
      await logActivities(other.account.personaId, [
        ['invitation_sent', inside(1)],
        ['invitation_sent', inside(2)],
        ['message_sent', inside(3)],
        ['post_reacted', inside(4)],
      ]);

      expect(await json(await statistics(token, rangeStart.toISOString(), end.toISOString()))).toEqual({
        status: 200,
        body: {
          invitations_sent: 3,
          invitations_limit: 7 * defaultDailyLimits.daily_linkedin_invitations_limit,
          invitations_accepted_count: 1,
          withdrawn_count: 1,
          messages_count: 2,
          messages_limit: 7 * defaultDailyLimits.daily_linkedin_messages_limit,
          replied_count: 1,
          react_on_post_count: 1,
          react_on_post_limit: 7 * defaultDailyLimits.daily_linkedin_react_on_post_limit,
          follow_count: 2,
          follow_limit: 7 * defaultDailyLimits.daily_linkedin_follow_limit,
        },
      });
      const others = (await json(await statistics(other.token, rangeStart.toISOString(), end.toISOString())))
        .body;
      expect(others).toMatchObject({
        invitations_sent: 2,
        invitations_accepted_count: 0,
        messages_count: 1,
        react_on_post_count: 1,
        follow_count: 0,
      });
    });

    it('reads the offsets of the range and gives one day the daily limits', async () => {
      const { account, token } = await signInNewAccount(server);
      await call('PUT', '/workspace/daily-limits', token, {
        ...defaultDailyLimits,
        daily_linkedin_follow_limit: 40,
      });
      // 2026-03-02 in GMT+02:00 is 2026-03-01T22:00Z .. 2026-03-02T22:00Z.
      await logActivities(account.personaId, [
        ['profile_followed', new Date('2026-03-01T21:59:59.999Z')],
        ['profile_followed', new Date('2026-03-01T22:00:00.000Z')],
        ['profile_followed', new Date('2026-03-02T21:59:59.000Z')],
      ]);
      const { status, body } = await json(
        await statistics(token, '2026-03-02T00:00:00.000+02:00', '2026-03-02T23:59:59.999+02:00'),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        follow_count: 2,
        follow_limit: 40,
        invitations_limit: defaultDailyLimits.daily_linkedin_invitations_limit,
      });
    });

    it.each([
      [
        'start after end',
        '2026-03-02T00:00:00Z',
        '2026-03-01T00:00:00Z',
        'start',
        periodStatisticsMessages.startAfterEnd,
      ],
      [
        'a range over 366 days',
        '2025-01-01T00:00:00Z',
        '2026-01-02T00:00:00.001Z',
        'end',
        periodStatisticsMessages.rangeTooLong,
      ],
    ])('refuses %s with 422', async (_case, start, end, field, description) => {
      const { token } = await signInNewAccount(server);
      expect(await json(await statistics(token, start, end))).toEqual({
        status: 422,
        body: { name: 'UnprocessableEntity', message: description, errors: [{ field, description }] },
      });
    });

    it('refuses a missing or malformed date with 422', async () => {
      const { token } = await signInNewAccount(server);
      for (const query of ['start=2026-03-01T00:00:00Z', 'start=yesterday&end=2026-03-01T00:00:00Z']) {
        const { status, body } = await refusal(
          await call('GET', `/workspace/period-statistics?${query}`, token),
        );
        expect(status).toBe(422);
        expect(body.name).toBe('UnprocessableEntity');
      }
    });
  });
});
