CREATE TABLE "company_logos" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lineup_quotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lineup_quotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"lineup_id" integer NOT NULL,
	"number" text NOT NULL,
	"issue_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"vat_rate" numeric(5, 2) NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total_mandays" numeric(18, 4) NOT NULL,
	"unpriced_instances" integer DEFAULT 0 NOT NULL,
	"total_without_vat" numeric(18, 2) NOT NULL,
	"vat_amount" numeric(18, 2) NOT NULL,
	"total_with_vat" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lineup_quotes_valid_after_issue" CHECK ("lineup_quotes"."valid_until" >= "lineup_quotes"."issue_date"),
	CONSTRAINT "lineup_quotes_vat_rate_range" CHECK ("lineup_quotes"."vat_rate" >= 0 and "lineup_quotes"."vat_rate" <= 100)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "ico" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "dic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "quote_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "ico" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_companies" ADD COLUMN "dic" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_logos" ADD CONSTRAINT "company_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_quotes" ADD CONSTRAINT "lineup_quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_quotes" ADD CONSTRAINT "lineup_quotes_lineup_id_story_lineups_id_fk" FOREIGN KEY ("lineup_id") REFERENCES "public"."story_lineups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lineup_quotes" ADD CONSTRAINT "lineup_quotes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lineup_quotes_company_number_unique" ON "lineup_quotes" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "lineup_quotes_lineup_id_index" ON "lineup_quotes" USING btree ("lineup_id","id");