CREATE TABLE "item_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"version" integer NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"formulas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"catalog_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by_user_id" integer,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"estimated_mandays" numeric(18, 4) DEFAULT '0' NOT NULL,
	"instance_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_version_non_negative" CHECK ("stories"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "story_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"instance_id" integer,
	"user_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_favourites" (
	"story_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "story_favourites_user_id_story_id_pk" PRIMARY KEY("user_id","story_id")
);
--> statement-breakpoint
CREATE TABLE "story_instance_labels" (
	"instance_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "story_instance_labels_instance_id_label_id_pk" PRIMARY KEY("instance_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "story_instances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_by_user_id" integer,
	"verified_at" timestamp with time zone,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"mandays" numeric(24, 7) DEFAULT '0' NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_instances_level_range" CHECK ("story_instances"."level" between 1 and 10),
	CONSTRAINT "story_instances_revision_non_negative" CHECK ("story_instances"."revision" >= 0)
);
--> statement-breakpoint
CREATE TABLE "story_invites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_invites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"role" text NOT NULL,
	"email" text,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"accepted_count" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_invites_role_known" CHECK ("story_invites"."role" in ('ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'))
);
--> statement-breakpoint
CREATE TABLE "story_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_labels_color_hex" CHECK ("story_labels"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "story_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "story_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"story_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_members_role_known" CHECK ("story_members"."role" in ('ICT_ADMIN', 'ICT_MODELER', 'ICT_VERIFIER', 'ICT_CUSTOMER', 'CTL_READER'))
);
--> statement-breakpoint
ALTER TABLE "item_versions" ADD CONSTRAINT "item_versions_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_events" ADD CONSTRAINT "story_events_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_events" ADD CONSTRAINT "story_events_instance_id_story_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."story_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_events" ADD CONSTRAINT "story_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_favourites" ADD CONSTRAINT "story_favourites_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_favourites" ADD CONSTRAINT "story_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_instance_labels" ADD CONSTRAINT "story_instance_labels_instance_id_story_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."story_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_instance_labels" ADD CONSTRAINT "story_instance_labels_label_id_story_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."story_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_instances" ADD CONSTRAINT "story_instances_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_instances" ADD CONSTRAINT "story_instances_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_instances" ADD CONSTRAINT "story_instances_verified_by_user_id_users_id_fk" FOREIGN KEY ("verified_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_invites" ADD CONSTRAINT "story_invites_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_invites" ADD CONSTRAINT "story_invites_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_labels" ADD CONSTRAINT "story_labels_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_members" ADD CONSTRAINT "story_members_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_members" ADD CONSTRAINT "story_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_versions_item_version_unique" ON "item_versions" USING btree ("item_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_company_name_unique" ON "stories" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "stories_catalog_id_index" ON "stories" USING btree ("catalog_id");--> statement-breakpoint
CREATE INDEX "story_events_story_id_index" ON "story_events" USING btree ("story_id","id");--> statement-breakpoint
CREATE INDEX "story_favourites_story_id_index" ON "story_favourites" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "story_instance_labels_label_id_index" ON "story_instance_labels" USING btree ("label_id","instance_id");--> statement-breakpoint
CREATE INDEX "story_instances_story_id_index" ON "story_instances" USING btree ("story_id","id");--> statement-breakpoint
CREATE INDEX "story_instances_item_id_index" ON "story_instances" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_invites_code_unique" ON "story_invites" USING btree ("code");--> statement-breakpoint
CREATE INDEX "story_invites_story_id_index" ON "story_invites" USING btree ("story_id");--> statement-breakpoint
CREATE INDEX "story_labels_story_id_index" ON "story_labels" USING btree ("story_id");--> statement-breakpoint
CREATE UNIQUE INDEX "story_members_user_unique" ON "story_members" USING btree ("story_id","user_id");--> statement-breakpoint
CREATE INDEX "story_members_user_id_index" ON "story_members" USING btree ("user_id","story_id");