-- Every server process keeps the story list pages it has served (decision 0040). Any statement that changes what a
-- list page shows (a story, a membership, a favourite, the story's catalog, company, creator or status changer)
-- tells every process at its commit, and each one forgets every page it keeps. Statement-level: a recalculation of
-- a thousand stories sends one notice, and notices of one transaction are sent once.
CREATE FUNCTION costory_story_lists_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('costory_story_lists', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stories FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON story_members FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON story_favourites FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogs FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION costory_story_lists_changed();
