-- The live story stream (decision 0046): every server process hears which stories changed at the commit of the change,
-- by id only, and reads what its open streams need. Channel costory_story_live, payload = distinct tokens joined by ',':
-- `<storyId>` new story events, `<storyId>:m` memberships changed or removed (access may be lost), `<storyId>:s` the story
-- row changed (figures, settings) or was deleted. A payload beyond 7000 characters (NOTIFY's limit is 8000 bytes) is sent as
-- `*`: every story may have changed everything. Statement-level with transition tables, so that a recalculation of a thousand
-- stories sends one notice; a transition table needs a trigger of one event, hence one trigger per event.
CREATE FUNCTION costory_story_live_send(tokens text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF tokens IS NULL OR tokens = '' THEN
    RETURN;
  END IF;
  IF length(tokens) > 7000 THEN
    tokens := '*';
  END IF;
  PERFORM pg_notify('costory_story_live', tokens);
END
$$;
--> statement-breakpoint
CREATE FUNCTION costory_story_live_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM costory_story_live_send((SELECT string_agg(DISTINCT story_id::text, ',') FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION costory_story_live_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM costory_story_live_send((SELECT string_agg(DISTINCT story_id::text || ':m', ',') FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION costory_story_live_stories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM costory_story_live_send((SELECT string_agg(DISTINCT id::text || ':s', ',') FROM changed));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every recorded event moves the story's last activity (and its update time): that alone is no change of its figures or settings (the event's
-- own token says it), so rows that differ only there are left out.
CREATE FUNCTION costory_story_live_stories_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM costory_story_live_send((
    SELECT string_agg(DISTINCT n.id::text || ':s', ',')
    FROM changed n JOIN previous o ON o.id = n.id
    WHERE to_jsonb(n) - '{last_activity_at,updated_at}'::text[] IS DISTINCT FROM to_jsonb(o) - '{last_activity_at,updated_at}'::text[]
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_story_live_events AFTER INSERT ON story_events REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION costory_story_live_events();
--> statement-breakpoint
CREATE TRIGGER costory_story_live_members_updated AFTER UPDATE ON story_members REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION costory_story_live_members();
--> statement-breakpoint
CREATE TRIGGER costory_story_live_members_deleted AFTER DELETE ON story_members REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION costory_story_live_members();
--> statement-breakpoint
CREATE TRIGGER costory_story_live_stories_updated AFTER UPDATE ON stories REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION costory_story_live_stories_updated();
--> statement-breakpoint
CREATE TRIGGER costory_story_live_stories_deleted AFTER DELETE ON stories REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION costory_story_live_stories();
