CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"window_ms" integer NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_hits_positive" CHECK ("rate_limit_hits"."hits" > 0 and "rate_limit_hits"."window_ms" > 0)
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_index" ON "rate_limit_hits" USING btree ("window_started_at");