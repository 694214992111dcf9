CREATE TABLE "api_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_scope_known" CHECK (scope in ('READ', 'READ_WRITE'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_type_known";--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_token_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "api_token_name" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "status" integer;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_token_hash_unique" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_user_name_unique" ON "api_tokens" USING btree ("user_id",lower("name")) WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "api_tokens_user_id_index" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_api_token_id_api_tokens_id_fk" FOREIGN KEY ("api_token_id") REFERENCES "public"."api_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_api_token_id_index" ON "audit_events" USING btree ("api_token_id") WHERE api_token_id is not null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_type_known" CHECK (type in ('sign_in', 'sign_in_failed', 'logout', 'registration', 'registration_repeated', 'confirmation_resend', 'email_confirmation', 'api_token_write'));