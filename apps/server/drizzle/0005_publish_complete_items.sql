-- Items completed before published versions were kept: their current attributes and formulas become their published version (decision 0022), as a move to COMPLETE stores them now.
INSERT INTO "item_versions" ("item_id", "version", "attributes", "formulas")
SELECT i."id", i."version",
	COALESCE((SELECT jsonb_agg(jsonb_build_object('id', a."id", 'level', a."level", 'code', a."code", 'name', a."name", 'type', a."type", 'mandatory', a."mandatory", 'defaultValue', a."default_value", 'enumValues', a."enum_values") ORDER BY a."position", a."id") FROM "item_attributes" a WHERE a."item_id" = i."id"), '[]'::jsonb),
	COALESCE((SELECT jsonb_agg(jsonb_build_object('roleId', f."role_id", 'level', f."level", 'name', f."name", 'expression', f."expression") ORDER BY f."position", f."id") FROM "item_formulas" f WHERE f."item_id" = i."id"), '[]'::jsonb)
FROM "catalog_items" i
WHERE i."state" = 'COMPLETE';
