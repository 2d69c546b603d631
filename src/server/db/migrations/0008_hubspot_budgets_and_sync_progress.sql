CREATE TABLE "hubspot_budgets" (
	"portal_key" text NOT NULL,
	"kind" text NOT NULL,
	"capacity" integer NOT NULL,
	"interval_ms" integer NOT NULL,
	"request_times" bigint[] DEFAULT '{}' NOT NULL,
	"paused_until" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "hubspot_budgets_portal_key_kind_pk" PRIMARY KEY("portal_key","kind")
);
--> statement-breakpoint
ALTER TABLE "crm_sync_state" ADD COLUMN "fetched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_sync_state" ADD COLUMN "elapsed_ms" integer DEFAULT 0 NOT NULL;