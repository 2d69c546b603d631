ALTER TABLE "webhook_endpoints" ADD COLUMN "events_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing endpoints keep the events they were already owed: since their registration.
UPDATE "webhook_endpoints" SET "events_since" = "created_at";
