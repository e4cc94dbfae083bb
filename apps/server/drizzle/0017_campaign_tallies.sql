CREATE TABLE "campaign_tallies" (
	"campaign_id" uuid NOT NULL,
	"tally" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_logged_actions" (
	"execution_id" uuid NOT NULL,
	"action" text NOT NULL,
	CONSTRAINT "execution_logged_actions_execution_id_action_pk" PRIMARY KEY("execution_id","action")
);
--> statement-breakpoint
CREATE INDEX "campaign_tallies_campaign_id_idx" ON "campaign_tallies" USING btree ("campaign_id");--> statement-breakpoint
-- Tallies are written here, in the database, so no write path can forget them (as with 0010).
-- Statement triggers with transition tables: a launch of 100,000 contacts adds a few delta rows
-- per campaign, not 100,000. Deltas of a campaign deleted in the same statement (a cascade) are
-- dropped, as its tallies go with it.
CREATE OR REPLACE FUNCTION tally_execution_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_tallies (campaign_id, tally, delta)
    SELECT g.campaign_id, g.tally, g.delta FROM (
      SELECT campaign_id, tally, sum(delta)::int AS delta FROM (
        SELECT campaign_id, 'execution:' || state AS tally, 1 AS delta FROM new_rows
        UNION ALL
        SELECT campaign_id, 'step:' || s.key || ':' || s.value, 1 FROM new_rows, jsonb_each_text(step_states) s
      ) d GROUP BY campaign_id, tally
    ) g WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = g.campaign_id);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO campaign_tallies (campaign_id, tally, delta)
    SELECT g.campaign_id, g.tally, g.delta FROM (
      SELECT campaign_id, tally, sum(delta)::int AS delta FROM (
        SELECT campaign_id, 'execution:' || state AS tally, 1 AS delta FROM new_rows
        UNION ALL
        SELECT campaign_id, 'step:' || s.key || ':' || s.value, 1 FROM new_rows, jsonb_each_text(step_states) s
        UNION ALL
        SELECT campaign_id, 'execution:' || state, -1 FROM old_rows
        UNION ALL
        SELECT campaign_id, 'step:' || s.key || ':' || s.value, -1 FROM old_rows, jsonb_each_text(step_states) s
      ) d GROUP BY campaign_id, tally HAVING sum(delta) <> 0
    ) g WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = g.campaign_id);
  ELSE
    INSERT INTO campaign_tallies (campaign_id, tally, delta)
    SELECT g.campaign_id, g.tally, g.delta FROM (
      SELECT campaign_id, tally, -sum(delta)::int AS delta FROM (
        SELECT campaign_id, 'execution:' || state AS tally, 1 AS delta FROM old_rows
        UNION ALL
        SELECT campaign_id, 'step:' || s.key || ':' || s.value, 1 FROM old_rows, jsonb_each_text(step_states) s
      ) d GROUP BY campaign_id, tally
    ) g WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = g.campaign_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER executions_tally_on_insert
  AFTER INSERT ON executions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_execution_changes();
--> statement-breakpoint
CREATE TRIGGER executions_tally_on_update
  AFTER UPDATE ON executions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_execution_changes();
--> statement-breakpoint
CREATE TRIGGER executions_tally_on_delete
  AFTER DELETE ON executions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_execution_changes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tally_audience_changes() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO campaign_tallies (campaign_id, tally, delta)
    SELECT campaign_id, 'audience', count(*)::int FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = n.campaign_id)
    GROUP BY campaign_id;
  ELSE
    INSERT INTO campaign_tallies (campaign_id, tally, delta)
    SELECT campaign_id, 'audience', -count(*)::int FROM old_rows o
    WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = o.campaign_id)
    GROUP BY campaign_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaign_audience_tally_on_insert
  AFTER INSERT ON campaign_audience REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_audience_changes();
--> statement-breakpoint
CREATE TRIGGER campaign_audience_tally_on_delete
  AFTER DELETE ON campaign_audience REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_audience_changes();
--> statement-breakpoint
-- The log is only appended to (rows go only with their persona, and the campaigns with it).
-- 'logged:<action>' counts an execution's first row of an action: execution_logged_actions'
-- primary key decides which row is first, also between two concurrent transactions.
CREATE OR REPLACE FUNCTION tally_activity_log_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_tallies (campaign_id, tally, delta)
  SELECT campaign_id, 'log:' || action, count(*)::int FROM new_rows n
  WHERE campaign_id IS NOT NULL AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = n.campaign_id)
  GROUP BY campaign_id, action;
  WITH firsts AS (
    INSERT INTO execution_logged_actions (execution_id, action)
    SELECT DISTINCT execution_id, action FROM new_rows
    WHERE execution_id IS NOT NULL AND campaign_id IS NOT NULL
    ON CONFLICT DO NOTHING
    RETURNING execution_id, action
  )
  INSERT INTO campaign_tallies (campaign_id, tally, delta)
  SELECT n.campaign_id, 'logged:' || f.action, count(*)::int
  FROM firsts f
  JOIN (SELECT DISTINCT execution_id, campaign_id FROM new_rows WHERE campaign_id IS NOT NULL) n USING (execution_id)
  WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = n.campaign_id)
  GROUP BY n.campaign_id, f.action;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_log_tally_on_insert
  AFTER INSERT ON activity_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tally_activity_log_rows();
--> statement-breakpoint
-- campaign_tallies has no foreign key (schema-campaigns.ts says why): a campaign's tallies go here.
CREATE OR REPLACE FUNCTION drop_tallies_of_deleted_campaigns() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_tallies t USING old_rows o WHERE t.campaign_id = o.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER campaigns_drop_tallies_on_delete
  AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION drop_tallies_of_deleted_campaigns();
--> statement-breakpoint
-- What the data held before the triggers existed.
INSERT INTO campaign_tallies (campaign_id, tally, delta)
SELECT campaign_id, 'execution:' || state, count(*)::int FROM executions GROUP BY campaign_id, state;
--> statement-breakpoint
INSERT INTO campaign_tallies (campaign_id, tally, delta)
SELECT e.campaign_id, 'step:' || s.key || ':' || s.value, count(*)::int
FROM executions e, jsonb_each_text(e.step_states) s GROUP BY e.campaign_id, s.key, s.value;
--> statement-breakpoint
INSERT INTO campaign_tallies (campaign_id, tally, delta)
SELECT campaign_id, 'audience', count(*)::int FROM campaign_audience GROUP BY campaign_id;
--> statement-breakpoint
INSERT INTO campaign_tallies (campaign_id, tally, delta)
SELECT l.campaign_id, 'log:' || l.action, count(*)::int FROM activity_log l
WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.id = l.campaign_id) GROUP BY l.campaign_id, l.action;
--> statement-breakpoint
INSERT INTO execution_logged_actions (execution_id, action)
SELECT DISTINCT execution_id, action FROM activity_log WHERE execution_id IS NOT NULL AND campaign_id IS NOT NULL;
--> statement-breakpoint
INSERT INTO campaign_tallies (campaign_id, tally, delta)
SELECT l.campaign_id, 'logged:' || l.action, count(DISTINCT l.execution_id)::int FROM activity_log l
WHERE l.execution_id IS NOT NULL AND EXISTS (SELECT 1 FROM campaigns c WHERE c.id = l.campaign_id)
GROUP BY l.campaign_id, l.action;
