CREATE TABLE "partner_companies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_companies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"street" text NOT NULL,
	"street_number" text NOT NULL,
	"zip" text NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_companies_kind_known" CHECK ("partner_companies"."kind" in ('SUPPLIER', 'SUBSCRIBER')),
	CONSTRAINT "partner_companies_version_non_negative" CHECK ("partner_companies"."version" >= 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_role_prices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_role_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"partner_company_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_role_prices_price_positive" CHECK ("supplier_role_prices"."price" > 0),
	CONSTRAINT "supplier_role_prices_version_non_negative" CHECK ("supplier_role_prices"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "partner_companies" ADD CONSTRAINT "partner_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_role_prices" ADD CONSTRAINT "supplier_role_prices_partner_company_id_partner_companies_id_fk" FOREIGN KEY ("partner_company_id") REFERENCES "public"."partner_companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_role_prices" ADD CONSTRAINT "supplier_role_prices_role_id_catalog_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."catalog_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_companies_list_index" ON "partner_companies" USING btree ("company_id","kind",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_role_prices_partner_role_unique" ON "supplier_role_prices" USING btree ("partner_company_id","role_id");--> statement-breakpoint
CREATE INDEX "supplier_role_prices_role_id_index" ON "supplier_role_prices" USING btree ("role_id");