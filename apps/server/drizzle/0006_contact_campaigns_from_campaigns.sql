-- The campaigns area's answer to contact_campaigns (0005): a contact belongs to a campaign while it
-- is in the campaign's audience (Compose targets, kept after launch) or has an execution there.
CREATE OR REPLACE VIEW "contact_campaigns" AS
SELECT a."contact_id", a."campaign_id", c."state" AS "campaign_state"
FROM "campaign_audience" a JOIN "campaigns" c ON c."id" = a."campaign_id"
UNION
SELECT e."contact_id", e."campaign_id", c."state" AS "campaign_state"
FROM "executions" e JOIN "campaigns" c ON c."id" = e."campaign_id";
