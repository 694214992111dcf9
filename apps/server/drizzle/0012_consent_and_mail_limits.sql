ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_type_known";--> statement-breakpoint
ALTER TABLE "catalog_members" ADD COLUMN "code" text;--> statement-breakpoint
CREATE INDEX "audit_events_account_mail_by_email_index" ON "audit_events" USING btree ("email","occurred_at") WHERE type in ('registration', 'registration_repeated', 'confirmation_resend');--> statement-breakpoint
CREATE INDEX "audit_events_account_mail_by_ip_index" ON "audit_events" USING btree ("ip_address","occurred_at") WHERE type in ('registration', 'registration_repeated', 'confirmation_resend');--> statement-breakpoint
CREATE INDEX "catalog_events_invitations_by_user_index" ON "catalog_events" USING btree ("user_id","occurred_at") WHERE type in ('MEMBER_INVITED', 'MEMBER_INVITATION_RESENT');--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_members_code_unique" ON "catalog_members" USING btree ("code") WHERE code is not null;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_type_known" CHECK (type in ('sign_in', 'sign_in_failed', 'logout', 'registration', 'registration_repeated', 'confirmation_resend', 'email_confirmation'));