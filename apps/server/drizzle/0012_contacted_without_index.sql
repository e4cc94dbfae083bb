-- The engine writes a contact's last-contacted time after every action: with no index on it and
-- room left on each page (fillfactor 90), that write is a HOT update that touches none of the
-- table's indexes (docs/decisions.md, "Last contacted has no index"). Pages written before this
-- keep no room until they are rewritten; the update is correct either way, only slower.
DROP INDEX "contacts_persona_contacted_idx";--> statement-breakpoint
ALTER TABLE "contacts" SET (fillfactor = 90);
