CREATE INDEX "stories_last_activity_index" ON "stories" USING btree ("last_activity_at","id");--> statement-breakpoint
CREATE INDEX "stories_created_index" ON "stories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stories_name_index" ON "stories" USING btree (lower("name"),"id");