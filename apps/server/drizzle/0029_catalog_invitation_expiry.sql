-- Catalog invitations expire like story invites (design.md: links "can be revoked and expire"): a pending invitation's code
-- works until code_expires_at, set with the code when the invitation is mailed and again when it is resent.
ALTER TABLE "catalog_members" ADD COLUMN "code_expires_at" timestamp with time zone;--> statement-breakpoint
-- Invitations mailed before this have the default time from now (14 days, INVITE_DEFAULT_DAYS).
UPDATE "catalog_members" SET "code_expires_at" = now() + make_interval(days => 14) WHERE "code" IS NOT NULL;
