ALTER TABLE "stories" ALTER COLUMN "price" SET DATA TYPE numeric(30, 2);--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "price" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "estimated_mandays" SET DATA TYPE numeric(30, 4);--> statement-breakpoint
ALTER TABLE "stories" ALTER COLUMN "estimated_mandays" SET DEFAULT '0';