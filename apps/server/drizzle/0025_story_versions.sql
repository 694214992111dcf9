-- Story versions (decision 0042): a story frozen under a name, unique within the story, with the inputs of its
-- figures (the catalog's roles, groups, phases and the item versions used; the instances as the calculation reads
-- them; the lineups with their prices) and its totals. Deleted with the story.
CREATE TABLE "story_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"name" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text NOT NULL,
	"catalog" jsonb NOT NULL,
	"instances" text NOT NULL,
	"names" jsonb NOT NULL,
	"lineups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" numeric(30, 2) NOT NULL,
	"mandays" numeric(30, 4) NOT NULL,
	"optional_price" numeric(30, 2) NOT NULL,
	"optional_mandays" numeric(30, 4) NOT NULL,
	"instance_count" integer NOT NULL,
	"error_count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "story_versions_story_name_unique" ON "story_versions" USING btree ("story_id",lower("name"));