import type { CampaignStep, WorkingHours } from '@outpilot/contracts';
import { expandSteps } from '@outpilot/domain';
import { withClient } from './env.ts';
import { withIndexesRebuilt } from './seed.ts';

/** The campaign engine's data for the benchmarks (B1, B2, B3, B4): personas, campaigns, executions, activities. */

export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export const weekend = ['saturday', 'sunday'] as const;
export const allDays = [...weekdays, ...weekend] as const;

export type Window = { start: number; duration: number };
export const hoursOf = (days: readonly string[], windows: Window[]): WorkingHours =>
  Object.fromEntries(allDays.map((day) => [day, days.includes(day) ? windows : []])) as WorkingHours;

export type EngineTemplate = { steps: CampaignStep[]; operation: string; kind: string };

/** The step lists of the bench's campaigns: the first step is the one queued; what follows comes later. */
export const engineTemplates: EngineTemplate[] = [
  {
    steps: [
      { type: 'Connect', message_template: 'Hi {first_name}', timeout: 14_400, delay: 30 },
      { type: 'Message', message_template: 'Thanks {first_name} from {company_name}!', timeout: 4320 },
    ],
    operation: 'Connect',
    kind: 'invitations',
  },
  {
    steps: [
      { type: 'Message', message_template: 'Hello {first_name}', timeout: 4320 },
      { type: 'Follow', timeout: 1440 },
    ],
    operation: 'Message',
    kind: 'messages',
  },
  { steps: [{ type: 'Follow', timeout: 1440 }], operation: 'Follow', kind: 'follow' },
  { steps: [{ type: 'VisitProfile', timeout: 60 }], operation: 'VisitProfile', kind: 'profileViews' },
];

export type PersonaSpec = {
  /** SQL expressions over the persona number p (1-based). */
  offset: string;
  workingHours: string;
  follow: string;
  invitations: string;
  messages: string;
};

/**
 * Users, personas, contacts, Running campaigns (one per template and persona), executions InQueue
 * at step 1 and their queued activities (due at `at`), all set-based in SQL with ids
 * derived from md5(tag, numbers). Answers the persona ids.
 */
export async function seedEngine(
  url: string,
  options: {
    tag: string;
    personas: number;
    perPersona: number;
    spec: PersonaSpec;
    /** One Running campaign per template and persona; contact g goes to template g % count. */
    templates: readonly EngineTemplate[];
    at: Date;
  },
): Promise<string[]> {
  const { tag, personas, perPersona, spec } = options;
  const steps = JSON.stringify(options.templates.map((t) => expandSteps(t.steps)));
  const operations = options.templates.map((t) => t.operation);
  const kinds = options.templates.map((t) => t.kind);
  // Shaped as version 4 UUIDs (version and variant digits set): the HTTP contracts accept no other.
  const id = (prefix: string, ...parts: string[]) =>
    `overlay(overlay(md5('${tag}${prefix}' || ${parts.join(" || '-' || ")}) placing '4' from 13) placing '8' from 17)::uuid`;
  return withClient(url, async (client) => {
    await client.query(
      `insert into users (id, email, oidc_subject, created_at)
       select ${id('u', 'p')}, '${tag}-' || p || '@bench.test', '${tag}-' || p, $2
       from generate_series(1, $1::int) p`,
      [personas, options.at],
    );
    await client.query(
      // A trial that outlasts the run: a workspace whose subscription lapsed claims nothing.
      `insert into personas (id, user_id, timezone_offset, working_hours, daily_follow_limit,
         daily_invitations_limit, daily_messages_limit, onboarding, created_at, trial_ends_at)
       select ${id('p', 'p')}, ${id('u', 'p')}, ${spec.offset}, (${spec.workingHours})::jsonb,
         ${spec.follow}, ${spec.invitations}, ${spec.messages}, false, $2, $2::timestamptz + interval '365 days'
       from generate_series(1, $1::int) p`,
      [personas, options.at],
    );
    const insertContacts = () =>
      client.query(
        `insert into contacts (id, persona_id, linkedin_public_identifier, first_name, last_name, full_name,
         last_job, imported_at, created_at)
       select ${id('k', 'p', 'g')}, ${id('p', 'p')}, '${tag}-' || p || '-' || g,
         (array['Anna','Ben','Chloé','David','Eva'])[g % 5 + 1], (array['Meyer','Novak','Rossi'])[g % 3 + 1],
         (array['Anna','Ben','Chloé','David','Eva'])[g % 5 + 1] || ' ' || (array['Meyer','Novak','Rossi'])[g % 3 + 1],
         (array['Acme Inc.','Globex','Initech'])[g % 3 + 1], $3, $3
       from generate_series(1, $1::int) p, generate_series(1, $2::int) g`,
        [personas, perPersona, options.at],
      );
    if (personas * perPersona >= 20_000)
      await withClient(url, (second) =>
        withIndexesRebuilt([client, second], async () => {
          await insertContacts();
        }),
      );
    else await insertContacts();
    await client.query(
      `insert into campaigns (id, persona_id, name, state, steps, created_at, started_at)
       select ${id('c', 'p', 't')}, ${id('p', 'p')}, 'Bench ' || t, 'Running', ($2::jsonb) -> (t - 1), $3, $3
       from generate_series(1, $1::int) p, generate_series(1, jsonb_array_length($2::jsonb)) t`,
      [personas, steps, options.at],
    );
    await client.query(
      `insert into campaign_audience (campaign_id, contact_id, persona_id, created_at)
       select ${id('c', 'p', '(g % $3 + 1)')}, ${id('k', 'p', 'g')}, ${id('p', 'p')}, $4
       from generate_series(1, $1::int) p, generate_series(1, $2::int) g`,
      [personas, perPersona, options.templates.length, options.at],
    );
    await client.query(
      `insert into executions (id, persona_id, campaign_id, contact_id, state, step_index, due_at, step_states,
         created_at, started_at)
       select ${id('e', 'p', 'g')}, ${id('p', 'p')}, ${id('c', 'p', '(g % $3 + 1)')}, ${id('k', 'p', 'g')},
         'InQueue', 0, $4, '{"1":"InQueue"}'::jsonb, $4, $4
       from generate_series(1, $1::int) p, generate_series(1, $2::int) g`,
      [personas, perPersona, options.templates.length, options.at],
    );
    await client.query(
      `insert into activities (persona_id, campaign_id, execution_id, step_number, operation_type, limit_kind,
         due_at, state, created_at)
       select ${id('p', 'p')}, ${id('c', 'p', '(g % $3 + 1)')}, ${id('e', 'p', 'g')}, 1,
         ($4::text[])[g % $3 + 1], ($5::text[])[g % $3 + 1],
         $6::timestamptz - interval '1 hour' - (g % 60) * interval '1 second', 'queued', $6
       from generate_series(1, $1::int) p, generate_series(1, $2::int) g`,
      [personas, perPersona, options.templates.length, operations, kinds, options.at],
    );
    for (const table of ['personas', 'contacts', 'campaigns', 'executions', 'activities', 'persona_runtime'])
      await client.query(`vacuum analyze ${table}`);
    const { rows } = await client.query<{ id: string }>(
      `select ${id('p', 'p')} as id from generate_series(1, $1::int) p`,
      [personas],
    );
    return rows.map((row) => row.id);
  });
}
