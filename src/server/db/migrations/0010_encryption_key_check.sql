CREATE TABLE "encryption_key_check" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sealed" text NOT NULL
);
