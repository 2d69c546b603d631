CREATE TABLE "trained_models" (
	"connection_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"hub_id" text,
	"settings_key" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"labels_at_training" integer NOT NULL,
	"changed_since_training" integer NOT NULL,
	"records" integer NOT NULL,
	"newest_version" bigint,
	"trained_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trained_models_connection_id_object_type_pk" PRIMARY KEY("connection_id","object_type")
);
--> statement-breakpoint
ALTER TABLE "trained_models" ADD CONSTRAINT "trained_models_connection_id_crm_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connections"("id") ON DELETE cascade ON UPDATE no action;