CREATE TABLE "lineup_role_prices" (
	"lineup_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	CONSTRAINT "lineup_role_prices_price_positive" CHECK ("lineup_role_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "story_lineups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_lineups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"supplier_id" integer NOT NULL,
	"subscriber_id" integer NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_lineups_version_non_negative" CHECK ("story_lineups"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lineup_role_prices" ADD CONSTRAINT "lineup_role_prices_lineup_id_story_lineups_id_fk" FOREIGN KEY ("lineup_id") REFERENCES "public"."story_lineups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_role_prices" ADD CONSTRAINT "lineup_role_prices_role_id_catalog_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."catalog_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_lineups" ADD CONSTRAINT "story_lineups_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_lineups" ADD CONSTRAINT "story_lineups_supplier_id_partner_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."partner_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_lineups" ADD CONSTRAINT "story_lineups_subscriber_id_partner_companies_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."partner_companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lineup_role_prices_lineup_role_unique" ON "lineup_role_prices" USING btree ("lineup_id","role_id");--> statement-breakpoint
CREATE INDEX "lineup_role_prices_role_id_index" ON "lineup_role_prices" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_lineups_story_name_unique" ON "story_lineups" USING btree ("story_id",lower("name"));--> statement-breakpoint
CREATE INDEX "story_lineups_supplier_id_index" ON "story_lineups" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "story_lineups_subscriber_id_index" ON "story_lineups" USING btree ("subscriber_id");