-- Campaign membership as the contacts API reads it (campaigns of a contact, campaigns/any(), the
-- delete rule). Empty until the campaigns area replaces it with CREATE OR REPLACE VIEW over its
-- own tables, keeping these three columns first (see src/db/schema-contacts.ts).
CREATE VIEW "contact_campaigns" AS
SELECT NULL::uuid AS "contact_id", NULL::uuid AS "campaign_id", NULL::text AS "campaign_state"
WHERE false;