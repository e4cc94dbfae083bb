import {
  type FieldError,
  type HubspotSettings,
  hubspotPropertyNames,
  hubspotPropertyRules,
  type StaticField,
} from '@outpilot/contracts';
import { eq } from 'drizzle-orm';
import { findCampaign } from '../campaigns/find-campaign.ts';
import { campaignHubspotSettings } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { assertNoFieldErrors } from '../errors.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'hubspot'>;

/** GET campaigns/{id}/settings/hubspot: what the campaign stored, or no fields. */
export async function getHubspotSettings(
  deps: Pick<AppDeps, 'db'>,
  input: { personaId: string; campaignId: string },
): Promise<HubspotSettings> {
  await findCampaign(deps.db, input);
  const [row] = await deps.db
    .select({ staticFields: campaignHubspotSettings.staticFields })
    .from(campaignHubspotSettings)
    .where(eq(campaignHubspotSettings.campaignId, input.campaignId));
  return { static_fields: row?.staticFields ?? [] };
}

/**
 * PUT campaigns/{id}/settings/hubspot: replaces the campaign's static fields. Each property at
 * most once, Sub Source one value, and every value an option the portal shows now (read through
 * the HubSpot port); a property left without values is dropped. Any state, archived included,
 * like the name. Answers what is stored.
 */
export async function updateHubspotSettings(
  deps: Deps,
  input: { personaId: string; campaignId: string; request: HubspotSettings },
): Promise<HubspotSettings> {
  await findCampaign(deps.db, input);
  const staticFields = await validStaticFields(deps, input.request.static_fields);
  const updatedAt = deps.clock.now();
  await deps.db
    .insert(campaignHubspotSettings)
    .values({ campaignId: input.campaignId, staticFields, updatedAt })
    .onConflictDoUpdate({ target: campaignHubspotSettings.campaignId, set: { staticFields, updatedAt } });
  return { static_fields: staticFields };
}

async function validStaticFields(deps: Pick<Deps, 'hubspot'>, fields: StaticField[]): Promise<StaticField[]> {
  const errors: FieldError[] = [];
  /** The accepted values of each property, with where the request gave them. */
  const accepted = new Map<StaticField['key'], { index: number; values: string[] }>();
  const seen = new Set<StaticField['key']>();
  fields.forEach((field, index) => {
    const rule = hubspotPropertyRules[field.key];
    const values = [...new Set(field.values)];
    if (seen.has(field.key)) {
      errors.push({ field: `static_fields.${index}.key`, description: `${rule.label} is given twice` });
    } else if (values.length > rule.maxValues) {
      const most = rule.maxValues === 1 ? 'one value' : `at most ${rule.maxValues} values`;
      errors.push({ field: `static_fields.${index}.values`, description: `${rule.label} takes ${most}` });
    } else {
      accepted.set(field.key, { index, values });
    }
    seen.add(field.key);
  });
  for (const [key, { index, values }] of accepted) {
    if (values.length === 0) continue;
    const offered = new Set((await deps.hubspot.propertyOptions(key)).map((option) => option.value));
    for (const value of values.filter((candidate) => !offered.has(candidate))) {
      errors.push({
        field: `static_fields.${index}.values`,
        description: `'${value}' is not an option of ${hubspotPropertyRules[key].label} in HubSpot`,
      });
    }
  }
  assertNoFieldErrors(errors);
  return hubspotPropertyNames.flatMap((key) => {
    const values = accepted.get(key)?.values ?? [];
    return values.length > 0 ? [{ key, values }] : [];
  });
}
