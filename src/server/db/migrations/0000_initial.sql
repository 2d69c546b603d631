CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"ip_address" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password" text,
	"record_quota" integer DEFAULT 10000 NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verified_at" timestamp with time zone,
	"verification_token" text,
	"verification_token_expires_at" timestamp with time zone,
	"verification_email_sent_at" timestamp with time zone,
	"provider" text DEFAULT 'local' NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"full_name" text,
	"country_of_residence" text,
	"contact_phone" text,
	"stripe_customer_id" text,
	"stripe_subscription_id" text,
	"plan" text DEFAULT 'free' NOT NULL,
	"trial_start_date" timestamp with time zone,
	"trial_end_date" timestamp with time zone,
	"is_past_trial" boolean DEFAULT false NOT NULL,
	"has_completed_onboarding" boolean DEFAULT false NOT NULL,
	"google_id" text,
	"display_name" text,
	"profile_picture" text,
	"is_google_account" boolean DEFAULT false NOT NULL,
	"api_key" text,
	"api_key_created_at" timestamp with time zone,
	"api_key_last_used" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_google_id_unique" UNIQUE("google_id"),
	CONSTRAINT "users_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "crm_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" text DEFAULT 'hubspot' NOT NULL,
	"auth_type" text DEFAULT 'oauth' NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"hub_domain" text,
	"hub_id" text,
	"scopes" jsonb,
	"is_connected" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_connections_user_provider_key" UNIQUE("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "crm_records" (
	"connection_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"hubspot_id" text NOT NULL,
	"properties" jsonb NOT NULL,
	"hubspot_created_at" timestamp with time zone,
	"hubspot_updated_at" timestamp with time zone,
	"archived" boolean DEFAULT false NOT NULL,
	"merged_into_id" text,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_records_connection_id_object_type_hubspot_id_pk" PRIMARY KEY("connection_id","object_type","hubspot_id")
);
--> statement-breakpoint
CREATE TABLE "crm_sync_state" (
	"connection_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"synced_through" timestamp with time zone,
	"cursor" text,
	"last_sync_started_at" timestamp with time zone,
	"last_sync_completed_at" timestamp with time zone,
	CONSTRAINT "crm_sync_state_connection_id_object_type_pk" PRIMARY KEY("connection_id","object_type")
);
--> statement-breakpoint
CREATE TABLE "duplicate_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"scan_id" integer NOT NULL,
	"match_key" text NOT NULL,
	"records" jsonb NOT NULL,
	"confidence" real NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"action_type" text NOT NULL,
	"record_ids" jsonb NOT NULL,
	"primary_record_id" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb,
	"status" text NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "scan_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"status" text DEFAULT 'completed' NOT NULL,
	"total_records" integer DEFAULT 0 NOT NULL,
	"duplicate_records" integer DEFAULT 0 NOT NULL,
	"health_score" real DEFAULT 0 NOT NULL,
	"empty_fields_percentage" real DEFAULT 0 NOT NULL,
	"avg_data_age_in_days" real DEFAULT 0 NOT NULL,
	"update_frequency_score" real DEFAULT 0 NOT NULL,
	"duplicate_score" real DEFAULT 0 NOT NULL,
	"completeness_score" real DEFAULT 0 NOT NULL,
	"freshness_score" real DEFAULT 0 NOT NULL,
	"update_frequency_score_component" real DEFAULT 0 NOT NULL,
	"scan_data" text,
	"error_message" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"hubspot_token" text,
	"objects_to_analyze" jsonb DEFAULT '["contacts","companies","deals","tickets"]'::jsonb NOT NULL,
	"analysis_frequency" text DEFAULT 'weekly' NOT NULL,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"notification_email" text,
	"notify_on_completed_analysis" boolean DEFAULT true NOT NULL,
	"notify_on_duplicates_found" boolean DEFAULT true NOT NULL,
	"notify_on_health_score_changes" boolean DEFAULT false NOT NULL,
	"digest_frequency" text DEFAULT 'instantly' NOT NULL,
	"slack_notifications" boolean DEFAULT false NOT NULL,
	"slack_bot_token" text,
	"slack_channel" text,
	"slack_notify_on_completed_analysis" boolean DEFAULT true NOT NULL,
	"slack_notify_on_duplicates_found" boolean DEFAULT true NOT NULL,
	"slack_notify_on_health_score_changes" boolean DEFAULT true NOT NULL,
	"slack_send_weekly_report" boolean DEFAULT false NOT NULL,
	"max_records_limit" integer DEFAULT 100 NOT NULL,
	"contacts_sampling_rate" integer DEFAULT 100 NOT NULL,
	"companies_sampling_rate" integer DEFAULT 100 NOT NULL,
	"deals_sampling_rate" integer DEFAULT 100 NOT NULL,
	"tickets_sampling_rate" integer DEFAULT 100 NOT NULL,
	"duplicate_detection_sensitivity" text DEFAULT 'medium' NOT NULL,
	"fuzzy_matching_threshold" integer DEFAULT 80 NOT NULL,
	"enable_phonetic_matching" boolean DEFAULT true NOT NULL,
	"enable_fuzzy_matching" boolean DEFAULT true NOT NULL,
	"normalize_business_names" boolean DEFAULT true NOT NULL,
	"normalize_emails" boolean DEFAULT true NOT NULL,
	"normalize_phone_numbers" boolean DEFAULT true NOT NULL,
	"openai_api_key" text,
	"remember_openai_key" boolean DEFAULT false NOT NULL,
	"preferred_model" text DEFAULT 'gpt-4o' NOT NULL,
	"ai_assist_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "api_request_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"method" text NOT NULL,
	"status_code" integer NOT NULL,
	"response_time_ms" integer NOT NULL,
	"request_size" integer DEFAULT 0 NOT NULL,
	"response_size" integer DEFAULT 0 NOT NULL,
	"user_agent" text,
	"ip_address" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"error_message" text
);
--> statement-breakpoint
CREATE TABLE "api_usage_quota" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"daily_limit" integer DEFAULT 10000 NOT NULL,
	"monthly_limit" integer DEFAULT 300000 NOT NULL,
	"current_daily_usage" integer DEFAULT 0 NOT NULL,
	"current_monthly_usage" integer DEFAULT 0 NOT NULL,
	"last_reset_day" text,
	"last_reset_month" text,
	CONSTRAINT "api_usage_quota_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_per_month" integer NOT NULL,
	"features" jsonb NOT NULL,
	"record_limit" integer,
	"most_popular" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_connections" ADD CONSTRAINT "crm_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_connection_id_crm_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_records" ADD CONSTRAINT "crm_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_sync_state" ADD CONSTRAINT "crm_sync_state_connection_id_crm_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_groups" ADD CONSTRAINT "duplicate_groups_scan_id_scan_history_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scan_history"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_actions" ADD CONSTRAINT "record_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_history" ADD CONSTRAINT "scan_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_request_log" ADD CONSTRAINT "api_request_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_quota" ADD CONSTRAINT "api_usage_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "crm_records_user_type_idx" ON "crm_records" USING btree ("user_id","object_type","archived");--> statement-breakpoint
CREATE INDEX "duplicate_groups_user_status_idx" ON "duplicate_groups" USING btree ("user_id","object_type","status");--> statement-breakpoint
CREATE INDEX "duplicate_groups_scan_idx" ON "duplicate_groups" USING btree ("scan_id");--> statement-breakpoint
CREATE INDEX "record_actions_user_time_idx" ON "record_actions" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "scan_history_user_type_time_idx" ON "scan_history" USING btree ("user_id","object_type","timestamp");--> statement-breakpoint
CREATE INDEX "api_request_log_user_time_idx" ON "api_request_log" USING btree ("user_id","timestamp");