CREATE TABLE "credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"distributor_id" integer NOT NULL,
	"receivables_total" numeric(16, 2) NOT NULL,
	"not_due" numeric(16, 2) NOT NULL,
	"overdue_1_30" numeric(16, 2) NOT NULL,
	"overdue_31_60" numeric(16, 2) NOT NULL,
	"overdue_61_90" numeric(16, 2) NOT NULL,
	"overdue_91_180" numeric(16, 2) NOT NULL,
	"overdue_181_plus" numeric(16, 2) NOT NULL,
	"net_sales_period" numeric(16, 2) NOT NULL,
	"contractual_terms_days" integer NOT NULL,
	CONSTRAINT "credit_entries_buckets_check" CHECK ("credit_entries"."not_due" + "credit_entries"."overdue_1_30" + "credit_entries"."overdue_31_60" + "credit_entries"."overdue_61_90" + "credit_entries"."overdue_91_180" + "credit_entries"."overdue_181_plus" = "credit_entries"."receivables_total"),
	CONSTRAINT "credit_entries_not_negative_check" CHECK (least("credit_entries"."not_due", "credit_entries"."overdue_1_30", "credit_entries"."overdue_31_60", "credit_entries"."overdue_61_90", "credit_entries"."overdue_91_180", "credit_entries"."overdue_181_plus", "credit_entries"."net_sales_period") >= 0 AND "credit_entries"."contractual_terms_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"last_saved_at" timestamp with time zone,
	"last_saved_by" integer,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer,
	"name_ru" text NOT NULL,
	"name_en" text NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"inn" text NOT NULL,
	"ogrn" text,
	"hq_region_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"merged_into_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "distributors_merged_check" CHECK (("distributors"."status" = 'merged') = ("distributors"."merged_into_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_submission_id_credit_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."credit_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_last_saved_by_users_id_fk" FOREIGN KEY ("last_saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_submissions" ADD CONSTRAINT "credit_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_group_id_distributor_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."distributor_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_hq_region_id_regions_id_fk" FOREIGN KEY ("hq_region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributors" ADD CONSTRAINT "distributors_merged_into_id_distributors_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_row_key" ON "credit_entries" USING btree ("submission_id","distributor_id");--> statement-breakpoint
CREATE INDEX "credit_entries_distributor_idx" ON "credit_entries" USING btree ("distributor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_submissions_period_company_key" ON "credit_submissions" USING btree ("period_id","company_id");--> statement-breakpoint
CREATE INDEX "credit_submissions_period_status_idx" ON "credit_submissions" USING btree ("period_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_groups_name_key" ON "distributor_groups" USING btree (lower("name_ru"));--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_inn_key" ON "distributors" USING btree ("inn") WHERE "distributors"."status" <> 'merged';--> statement-breakpoint
CREATE INDEX "distributors_name_idx" ON "distributors" USING btree (lower("name_ru"));