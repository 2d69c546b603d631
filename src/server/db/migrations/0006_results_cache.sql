ALTER TABLE "users" ADD COLUMN "results_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "duplicate_groups_user_status_confidence_idx" ON "duplicate_groups" USING btree ("user_id","status","confidence","id");--> statement-breakpoint
CREATE INDEX "duplicate_groups_user_status_created_idx" ON "duplicate_groups" USING btree ("user_id","status","created_at","id");