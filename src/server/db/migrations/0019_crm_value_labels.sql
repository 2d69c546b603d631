CREATE TABLE "crm_value_labels" (
	"connection_id" integer NOT NULL,
	"object_type" text NOT NULL,
	"property" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_value_labels_connection_id_object_type_property_value_pk" PRIMARY KEY("connection_id","object_type","property","value")
);
--> statement-breakpoint
ALTER TABLE "crm_connections" ADD COLUMN "portal_name" text;--> statement-breakpoint
ALTER TABLE "crm_value_labels" ADD CONSTRAINT "crm_value_labels_connection_id_crm_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."crm_connections"("id") ON DELETE cascade ON UPDATE no action;