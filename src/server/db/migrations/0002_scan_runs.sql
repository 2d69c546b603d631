CREATE TABLE "scan_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"object_types" jsonb NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"progress" jsonb,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD COLUMN "primary_record_id" text;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD COLUMN "explanations" jsonb;--> statement-breakpoint
ALTER TABLE "scan_history" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "scan_runs" ADD CONSTRAINT "scan_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_runs_user_time_idx" ON "scan_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scan_runs_one_active_per_user" ON "scan_runs" USING btree ("user_id") WHERE status in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "scan_history" ADD CONSTRAINT "scan_history_run_id_scan_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;