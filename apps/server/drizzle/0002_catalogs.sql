CREATE TABLE "catalog_clients" (
	"catalog_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_clients_catalog_id_company_id_pk" PRIMARY KEY("catalog_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"item_id" integer,
	"user_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"parent_id" integer,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_groups_not_own_parent" CHECK ("catalog_groups"."parent_id" <> "catalog_groups"."id")
);
--> statement-breakpoint
CREATE TABLE "catalog_item_labels" (
	"item_id" integer NOT NULL,
	"label_id" integer NOT NULL,
	CONSTRAINT "catalog_item_labels_item_id_label_id_pk" PRIMARY KEY("item_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"group_id" integer,
	"phase_id" integer,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"repeatable" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"deprecated_at" timestamp with time zone,
	"created_by_user_id" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_state_known" CHECK ("catalog_items"."state" in ('PENDING', 'TO_INSPECT', 'TO_EQUATION', 'COMPLETE')),
	CONSTRAINT "catalog_items_version_non_negative" CHECK ("catalog_items"."version" >= 0),
	CONSTRAINT "catalog_items_revision_non_negative" CHECK ("catalog_items"."revision" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalog_labels" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_labels_color_hex" CHECK ("catalog_labels"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
CREATE TABLE "catalog_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"user_id" integer,
	"email" text,
	"role" text NOT NULL,
	"invited_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_members_role_known" CHECK ("catalog_members"."role" in ('CTL_READER', 'CTL_REPORTER', 'CTL_INSPECTOR', 'CTL_MATHEMATICIAN', 'CTL_ADMIN')),
	CONSTRAINT "catalog_members_user_or_email" CHECK (("catalog_members"."user_id" is null) <> ("catalog_members"."email" is null))
);
--> statement-breakpoint
CREATE TABLE "catalog_phases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_phases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_roles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalog_roles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"catalog_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_roles_unit_known" CHECK ("catalog_roles"."unit" in ('MANDAYS', 'HOUR', 'METER', 'KILOMETER', 'METER_SQUARE', 'KILOMETER_SQUARE', 'LITER', 'MILLILITER', 'GRAM', 'KILOGRAM', 'UNIT', 'UNIT_FIX', 'UNIT_PERIOD_DAY', 'UNIT_PERIOD_WEEK', 'UNIT_PERIOD_BI_WEEK', 'UNIT_PERIOD_MONTH', 'UNIT_PERIOD_HALF_ANNUAL', 'UNIT_PERIOD_ANNUAL')),
	CONSTRAINT "catalog_roles_price_positive" CHECK ("catalog_roles"."price" > 0),
	CONSTRAINT "catalog_roles_version_non_negative" CHECK ("catalog_roles"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "catalogs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"company_code" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"default_language" text NOT NULL,
	"supported_languages" text[] NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"visibility" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_type_known" CHECK ("catalogs"."type" in ('BDT', 'MNT', 'SRV')),
	CONSTRAINT "catalogs_visibility_known" CHECK ("catalogs"."visibility" in ('PUBLIC', 'PUBLIC_PAID', 'PRIVATE')),
	CONSTRAINT "catalogs_version_non_negative" CHECK ("catalogs"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "item_attributes" (
	"id" integer PRIMARY KEY GENERATED BY DEFAULT AS IDENTITY (sequence name "item_attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"level" integer NOT NULL,
	"code" text NOT NULL,
	"name" jsonb NOT NULL,
	"type" text NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_value" jsonb,
	"enum_values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "item_attributes_level_positive" CHECK ("item_attributes"."level" >= 1),
	CONSTRAINT "item_attributes_type_known" CHECK ("item_attributes"."type" in ('NUMBER', 'INTEGER', 'BOOLEAN', 'TEXT', 'ENUM'))
);
--> statement-breakpoint
ALTER TABLE "catalog_clients" ADD CONSTRAINT "catalog_clients_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_clients" ADD CONSTRAINT "catalog_clients_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_events" ADD CONSTRAINT "catalog_events_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_events" ADD CONSTRAINT "catalog_events_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_events" ADD CONSTRAINT "catalog_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_groups" ADD CONSTRAINT "catalog_groups_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_groups" ADD CONSTRAINT "catalog_groups_parent_id_catalog_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_labels" ADD CONSTRAINT "catalog_item_labels_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_item_labels" ADD CONSTRAINT "catalog_item_labels_label_id_catalog_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."catalog_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_group_id_catalog_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."catalog_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_phase_id_catalog_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."catalog_phases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_labels" ADD CONSTRAINT "catalog_labels_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_members" ADD CONSTRAINT "catalog_members_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_members" ADD CONSTRAINT "catalog_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_members" ADD CONSTRAINT "catalog_members_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_phases" ADD CONSTRAINT "catalog_phases_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_roles" ADD CONSTRAINT "catalog_roles_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_attributes" ADD CONSTRAINT "item_attributes_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_clients_company_id_index" ON "catalog_clients" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "catalog_events_catalog_id_index" ON "catalog_events" USING btree ("catalog_id","id");--> statement-breakpoint
CREATE INDEX "catalog_events_item_id_index" ON "catalog_events" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_groups_code_unique" ON "catalog_groups" USING btree ("catalog_id","code");--> statement-breakpoint
CREATE INDEX "catalog_groups_parent_id_index" ON "catalog_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalog_item_labels_label_id_index" ON "catalog_item_labels" USING btree ("label_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_code_unique" ON "catalog_items" USING btree ("catalog_id","code" collate "C") WHERE deprecated_at is null;--> statement-breakpoint
CREATE INDEX "catalog_items_state_index" ON "catalog_items" USING btree ("catalog_id","state") WHERE deprecated_at is null;--> statement-breakpoint
CREATE INDEX "catalog_items_group_id_index" ON "catalog_items" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "catalog_items_phase_id_index" ON "catalog_items" USING btree ("phase_id");--> statement-breakpoint
CREATE INDEX "catalog_labels_catalog_id_index" ON "catalog_labels" USING btree ("catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_members_user_unique" ON "catalog_members" USING btree ("catalog_id","user_id") WHERE user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_members_email_unique" ON "catalog_members" USING btree ("catalog_id","email") WHERE user_id is null;--> statement-breakpoint
CREATE INDEX "catalog_members_user_id_index" ON "catalog_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalog_members_pending_email_index" ON "catalog_members" USING btree ("email") WHERE user_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_phases_code_unique" ON "catalog_phases" USING btree ("catalog_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_roles_code_unique" ON "catalog_roles" USING btree ("catalog_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_company_code_unique" ON "catalogs" USING btree ("company_id","code") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "catalogs_name_index" ON "catalogs" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "catalogs_visibility_index" ON "catalogs" USING btree ("visibility") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "item_attributes_code_unique" ON "item_attributes" USING btree ("item_id","code");