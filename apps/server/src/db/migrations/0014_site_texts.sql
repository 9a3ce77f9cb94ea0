CREATE TABLE "site_texts" (
	"slot" text PRIMARY KEY NOT NULL,
	"text_en" text NOT NULL,
	"text_ru" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
ALTER TABLE "site_texts" ADD CONSTRAINT "site_texts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;