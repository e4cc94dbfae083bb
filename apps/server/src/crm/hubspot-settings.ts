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
  await deps.db
    .insert(campaignHubspotSettings)
    .values({ campaignId: input.campaignId, staticFields, updatedAt: deps.clock.now() })
    .onConflictDoUpdate({
      target: campaignHubspotSettings.campaignId,
      set: { staticFields, updatedAt: deps.clock.now() },
    });
  return { static_fields: staticFields };
}

async function validStaticFields(deps: Pick<Deps, 'hubspot'>, fields: StaticField[]): Promise<StaticField[]> {
  const errors: FieldError[] = [];
  const valuesByKey = new Map<StaticField['key'], string[]>();
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
      valuesByKey.set(field.key, values);
    }
    seen.add(field.key);
  });
  for (const [key, values] of valuesByKey) {
    if (values.length === 0) continue;
    const offered = new Set((await deps.hubspot.propertyOptions(key)).map((option) => option.value));
    const index = fields.findIndex((field) => field.key === key);
    for (const value of values.filter((candidate) => !offered.has(candidate))) {
      errors.push({
        field: `static_fields.${index}.values`,
        description: `'${value}' is not an option of ${hubspotPropertyRules[key].label} in HubSpot`,
      });
    }
  }
  assertNoFieldErrors(errors);
  return hubspotPropertyNames.flatMap((key) => {
    const values = valuesByKey.get(key) ?? [];
    return values.length > 0 ? [{ key, values }] : [];
  });
}
