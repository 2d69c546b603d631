ALTER TABLE "ai_messages" ADD COLUMN "blocks" jsonb;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD COLUMN "by_model" boolean DEFAULT false NOT NULL;