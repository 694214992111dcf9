DROP INDEX "outbox_mails_due_index";--> statement-breakpoint
CREATE INDEX "outbox_mails_status_index" ON "outbox_mails" USING btree ("status");--> statement-breakpoint
ALTER TABLE "outbox_mails" DROP COLUMN "next_attempt_at";--> statement-breakpoint
ALTER TABLE "outbox_mails" DROP COLUMN "locked_until";