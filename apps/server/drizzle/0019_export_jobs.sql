CREATE TABLE "export_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"report" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file" "bytea",
	"size" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "export_jobs_status_known" CHECK ("export_jobs"."status" in ('queued', 'rendering', 'done', 'failed')),
	CONSTRAINT "export_jobs_format_known" CHECK ("export_jobs"."format" in ('pdf', 'xlsx')),
	CONSTRAINT "export_jobs_progress_range" CHECK ("export_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_expires_at_index" ON "export_jobs" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "export_jobs_user_id_index" ON "export_jobs" USING btree ("user_id");