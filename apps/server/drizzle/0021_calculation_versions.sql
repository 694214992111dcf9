ALTER TABLE "catalogs" ADD COLUMN "calc_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "calc_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Stored calculations are keyed by (stories.calc_version, catalogs.calc_version) (decision 0036). Triggers raise
-- them for every statement that changes what a story calculation reads, whichever code runs it, so no write can
-- leave a stored calculation answering for an older state. Statement-level, so a copy of 10,000 instances raises
-- the story's version once; an update raises it only when a column the calculation reads changed (a name, a
-- revision or a verification does not).
CREATE FUNCTION costory_story_calc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'story_instances' THEN
    IF TG_OP = 'INSERT' THEN
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (SELECT story_id FROM new_rows);
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (SELECT story_id FROM old_rows);
    ELSE
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (
        SELECT unnest(ARRAY[n.story_id, o.story_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.story_id, n.item_id, n.optional, n.level, n.values, n.price, n.mandays, n.error_count, n.position)
          IS DISTINCT FROM
          (o.story_id, o.item_id, o.optional, o.level, o.values, o.price, o.mandays, o.error_count, o.position));
    END IF;
  ELSE
    -- story_instance_labels: the story of each linked instance (links of a deleted instance go with it, and the
    -- instance's own trigger has raised the version).
    IF TG_OP = 'INSERT' THEN
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (
        SELECT i.story_id FROM story_instances i WHERE i.id IN (SELECT instance_id FROM new_rows));
    ELSIF TG_OP = 'DELETE' THEN
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (
        SELECT i.story_id FROM story_instances i WHERE i.id IN (SELECT instance_id FROM old_rows));
    ELSE
      UPDATE stories SET calc_version = calc_version + 1 WHERE id IN (
        SELECT i.story_id FROM story_instances i
        WHERE i.id IN (SELECT instance_id FROM new_rows UNION SELECT instance_id FROM old_rows));
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION costory_catalog_calc_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'item_versions' THEN
    IF TG_OP = 'DELETE' THEN
      UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (
        SELECT ci.catalog_id FROM catalog_items ci WHERE ci.id IN (SELECT item_id FROM old_rows));
    ELSE
      UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (
        SELECT ci.catalog_id FROM catalog_items ci WHERE ci.id IN (SELECT item_id FROM new_rows));
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (SELECT catalog_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (SELECT catalog_id FROM old_rows);
  ELSIF TG_TABLE_NAME = 'catalog_roles' THEN
    UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (
      SELECT unnest(ARRAY[n.catalog_id, o.catalog_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.catalog_id, n.code, n.unit, n.price) IS DISTINCT FROM (o.catalog_id, o.code, o.unit, o.price));
  ELSIF TG_TABLE_NAME = 'catalog_groups' THEN
    UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (
      SELECT unnest(ARRAY[n.catalog_id, o.catalog_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.catalog_id, n.parent_id, n.position) IS DISTINCT FROM (o.catalog_id, o.parent_id, o.position));
  ELSE
    -- catalog_items: the item's group and phase (its attributes and formulas are read from item_versions).
    UPDATE catalogs SET calc_version = calc_version + 1 WHERE id IN (
      SELECT unnest(ARRAY[n.catalog_id, o.catalog_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.catalog_id, n.group_id, n.phase_id) IS DISTINCT FROM (o.catalog_id, o.group_id, o.phase_id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER story_instances_calc_insert AFTER INSERT ON story_instances REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER story_instances_calc_update AFTER UPDATE ON story_instances REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER story_instances_calc_delete AFTER DELETE ON story_instances REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER story_instance_labels_calc_insert AFTER INSERT ON story_instance_labels REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER story_instance_labels_calc_update AFTER UPDATE ON story_instance_labels REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER story_instance_labels_calc_delete AFTER DELETE ON story_instance_labels REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_story_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_roles_calc_insert AFTER INSERT ON catalog_roles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_roles_calc_update AFTER UPDATE ON catalog_roles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_roles_calc_delete AFTER DELETE ON catalog_roles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_groups_calc_insert AFTER INSERT ON catalog_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_groups_calc_update AFTER UPDATE ON catalog_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_groups_calc_delete AFTER DELETE ON catalog_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_items_calc_update AFTER UPDATE ON catalog_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER catalog_items_calc_delete AFTER DELETE ON catalog_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER item_versions_calc_insert AFTER INSERT ON item_versions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER item_versions_calc_update AFTER UPDATE ON item_versions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
--> statement-breakpoint
CREATE TRIGGER item_versions_calc_delete AFTER DELETE ON item_versions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION costory_catalog_calc_changed();
