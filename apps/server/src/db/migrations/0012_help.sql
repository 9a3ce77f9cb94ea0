CREATE TABLE "help_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"question_en" text NOT NULL,
	"question_ru" text NOT NULL,
	"answer_en" text NOT NULL,
	"answer_ru" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_files" (
	"slot" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"file_key" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "site_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "site_files" ADD CONSTRAINT "site_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;