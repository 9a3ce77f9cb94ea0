CREATE TABLE "digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"file_key" text NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"uploaded_by" integer,
	CONSTRAINT "digests_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
ALTER TABLE "digests" ADD CONSTRAINT "digests_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "digests_uploaded_idx" ON "digests" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "digests_name_trgm_idx" ON "digests" USING gin ("file_name" gin_trgm_ops);