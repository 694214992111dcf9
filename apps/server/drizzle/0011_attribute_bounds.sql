ALTER TABLE "item_attributes" ADD COLUMN "minimum" numeric;--> statement-breakpoint
ALTER TABLE "item_attributes" ADD COLUMN "maximum" numeric;