ALTER TABLE "stories" ADD COLUMN "status" text DEFAULT 'DRAFT' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "status_changed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_status_changed_by_user_id_users_id_fk" FOREIGN KEY ("status_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_status_known" CHECK ("stories"."status" in ('DRAFT', 'SENT', 'ACCEPTED', 'REJECTED', 'ARCHIVED'));--> statement-breakpoint
-- Existing stories have been drafts since they were created, by their author.
UPDATE "stories" SET "status_changed_at" = "created_at", "status_changed_by_user_id" = "created_by_user_id";
