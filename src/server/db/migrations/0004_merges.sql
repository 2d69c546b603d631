CREATE TABLE "cleanup_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"scan_run_id" integer,
	"status" text DEFAULT 'running' NOT NULL,
	"min_confidence" real NOT NULL,
	"max_merges" integer NOT NULL,
	"eligible_groups" integer DEFAULT 0 NOT NULL,
	"deferred_groups" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "cleanup_runs_scan_run_key" UNIQUE("scan_run_id")
);
--> statement-breakpoint
CREATE TABLE "merge_backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"merge_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"hubspot_id" text NOT NULL,
	"properties" jsonb NOT NULL,
	"hubspot_created_at" timestamp with time zone,
	"hubspot_updated_at" timestamp with time zone,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restore_started_at" timestamp with time zone,
	"restored_as_id" text,
	CONSTRAINT "merge_backups_merge_record_key" UNIQUE("merge_id","hubspot_id")
);
--> statement-breakpoint
CREATE TABLE "merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"group_id" integer,
	"object_type" text NOT NULL,
	"performed_by" text NOT NULL,
	"cleanup_run_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"primary_record_id" text NOT NULL,
	"secondary_ids" jsonb NOT NULL,
	"survivor_id" text NOT NULL,
	"field_choices" jsonb NOT NULL,
	"resolved" jsonb,
	"action_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "automatic_cleanup_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "automatic_cleanup_min_confidence" real DEFAULT 0.95 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "automatic_cleanup_max_merges" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "cleanup_runs" ADD CONSTRAINT "cleanup_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cleanup_runs" ADD CONSTRAINT "cleanup_runs_scan_run_id_scan_runs_id_fk" FOREIGN KEY ("scan_run_id") REFERENCES "public"."scan_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_backups" ADD CONSTRAINT "merge_backups_merge_id_merges_id_fk" FOREIGN KEY ("merge_id") REFERENCES "public"."merges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merge_backups" ADD CONSTRAINT "merge_backups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_connection_id_crm_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_group_id_duplicate_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."duplicate_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merges" ADD CONSTRAINT "merges_cleanup_run_id_cleanup_runs_id_fk" FOREIGN KEY ("cleanup_run_id") REFERENCES "public"."cleanup_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cleanup_runs_user_time_idx" ON "cleanup_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "merges_user_time_idx" ON "merges" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "merges_group_idx" ON "merges" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "merges_cleanup_run_idx" ON "merges" USING btree ("cleanup_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merges_one_active_per_group" ON "merges" USING btree ("group_id") WHERE status in ('queued', 'running');