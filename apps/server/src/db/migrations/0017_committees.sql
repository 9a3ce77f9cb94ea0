CREATE TABLE "committee_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"position" text DEFAULT 'member' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"letter_key" text,
	"letter_name" text,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
CREATE TABLE "committee_subscribers" (
	"committee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "committee_subscribers_committee_id_user_id_pk" PRIMARY KEY("committee_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "committees" ADD COLUMN "self_service" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "committee_requests" ADD CONSTRAINT "committee_requests_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_requests" ADD CONSTRAINT "committee_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_requests" ADD CONSTRAINT "committee_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_requests" ADD CONSTRAINT "committee_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_requests" ADD CONSTRAINT "committee_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_subscribers" ADD CONSTRAINT "committee_subscribers_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_subscribers" ADD CONSTRAINT "committee_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_requests_open_key" ON "committee_requests" USING btree ("committee_id","user_id") WHERE "committee_requests"."status" in ('new', 'inProgress');--> statement-breakpoint
CREATE INDEX "committee_requests_status_idx" ON "committee_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "committee_requests_company_idx" ON "committee_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "committee_requests_user_idx" ON "committee_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "committee_subscribers_user_idx" ON "committee_subscribers" USING btree ("user_id");