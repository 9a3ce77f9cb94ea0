CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"category" text NOT NULL,
	"roles" text[] NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"file_key" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "documents_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_uploaded_idx" ON "documents" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "documents_roles_idx" ON "documents" USING gin ("roles");