-- Whenever activities become queued (inserted, re-queued, released, due time moved), their
-- personas are woken: persona_runtime.next_check_at no later than the earliest due time among
-- them, and a notification on commit for the runners listening (the channel of
-- apps/server/src/engine/activity-wakeups.ts). In the database, so no write path can forget it.
-- Rows are upserted in persona order: concurrent writers lock runtime rows in one order.
CREATE OR REPLACE FUNCTION wake_personas_of_queued_activities() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO persona_runtime (persona_id, next_check_at)
  SELECT persona_id, min(due_at) FROM changed_activities
  WHERE state = 'queued'
  GROUP BY persona_id
  ORDER BY persona_id
  ON CONFLICT (persona_id) DO UPDATE
    SET next_check_at = least(persona_runtime.next_check_at, excluded.next_check_at);
  PERFORM pg_notify('outpilot_activities_queued', woken.persona_id::text)
  FROM (SELECT DISTINCT persona_id FROM changed_activities WHERE state = 'queued') AS woken;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_wake_personas_on_insert
  AFTER INSERT ON activities REFERENCING NEW TABLE AS changed_activities
  FOR EACH STATEMENT EXECUTE FUNCTION wake_personas_of_queued_activities();
--> statement-breakpoint
CREATE TRIGGER activities_wake_personas_on_update
  AFTER UPDATE ON activities REFERENCING NEW TABLE AS changed_activities
  FOR EACH STATEMENT EXECUTE FUNCTION wake_personas_of_queued_activities();
--> statement-breakpoint
-- Work queued before persona_runtime existed: looked at by the next claim.
INSERT INTO persona_runtime (persona_id, next_check_at)
SELECT persona_id, min(due_at) FROM activities WHERE state = 'queued' GROUP BY persona_id
ON CONFLICT (persona_id) DO NOTHING;
