ALTER TABLE "crm_sync_state" ADD COLUMN "fetched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_sync_state" ADD COLUMN "elapsed_ms" integer DEFAULT 0 NOT NULL;