CREATE TABLE "credit_submission_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "distributor_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"requested_by" integer,
	"name" text NOT NULL,
	"inn" text NOT NULL,
	"city" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"distributor_id" integer,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "accepted_by" integer;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD COLUMN "staff_question" text;--> statement-breakpoint
ALTER TABLE "credit_submission_events" ADD CONSTRAINT "credit_submission_events_submission_id_credit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."credit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submission_events" ADD CONSTRAINT "credit_submission_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_requests" ADD CONSTRAINT "distributor_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_requests" ADD CONSTRAINT "distributor_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_requests" ADD CONSTRAINT "distributor_requests_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_requests" ADD CONSTRAINT "distributor_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_submission_events_submission_idx" ON "credit_submission_events" USING btree ("submission_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_requests_open_inn_key" ON "distributor_requests" USING btree ("inn") WHERE "distributor_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "distributor_requests_status_idx" ON "distributor_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "distributor_requests_company_idx" ON "distributor_requests" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Before the review existed a submission counted once submitted: those of periods past their open phase are taken as accepted, so their reports and trends keep them.
UPDATE "credit_submissions" SET "status" = 'accepted' WHERE "status" = 'submitted' AND "period_id" IN (SELECT "id" FROM "survey_periods" WHERE "status" IN ('closed', 'review', 'published', 'archived'));
