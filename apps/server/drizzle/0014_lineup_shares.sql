CREATE TABLE "lineup_shares" (
	"lineup_id" integer NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lineup_shares" ADD CONSTRAINT "lineup_shares_lineup_id_story_lineups_id_fk" FOREIGN KEY ("lineup_id") REFERENCES "public"."story_lineups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_shares" ADD CONSTRAINT "lineup_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lineup_shares_lineup_user_unique" ON "lineup_shares" USING btree ("lineup_id","user_id");--> statement-breakpoint
CREATE INDEX "lineup_shares_user_id_index" ON "lineup_shares" USING btree ("user_id");