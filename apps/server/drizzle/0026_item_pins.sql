CREATE TABLE "story_item_pins" (
	"story_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "story_item_pins_story_id_item_id_pk" PRIMARY KEY("story_id","item_id")
);
--> statement-breakpoint
DROP INDEX "story_instances_item_id_index";--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "pins_item_versions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "story_item_pins" ADD CONSTRAINT "story_item_pins_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_item_pins" ADD CONSTRAINT "story_item_pins_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_instances_item_id_index" ON "story_instances" USING btree ("item_id","story_id");
--> statement-breakpoint
-- A story that pins its item versions (decision 0043) pins every item it starts to use at the item's latest
-- version, whichever code inserts the instances (a new instance, a paste, a copy, a restore); an item it pinned
-- before keeps its pin.
CREATE FUNCTION costory_pin_new_items() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO story_item_pins (story_id, item_id, version)
  SELECT used.story_id, used.item_id, latest.version
  FROM (SELECT DISTINCT n.story_id, n.item_id FROM new_rows n) used
  JOIN stories s ON s.id = used.story_id AND s.pins_item_versions
  JOIN LATERAL (
    SELECT max(v.version) AS version FROM item_versions v WHERE v.item_id = used.item_id
  ) latest ON latest.version IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_pin_new_items AFTER INSERT ON story_instances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_pin_new_items();
--> statement-breakpoint
-- A pin decides which item version the story calculates with: any change of one raises the story's calculation
-- version (decision 0036), so no stored calculation answers for the pins before it.
CREATE FUNCTION costory_story_pins_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (SELECT story_id FROM old_rows);
  ELSE
    UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (SELECT story_id FROM new_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER costory_story_pins_inserted AFTER INSERT ON story_item_pins REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_pins_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_pins_updated AFTER UPDATE ON story_item_pins REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_pins_changed();
--> statement-breakpoint
CREATE TRIGGER costory_story_pins_deleted AFTER DELETE ON story_item_pins REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_pins_changed();
