CREATE TABLE "benchmark_answers" (
	"response_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"category" text NOT NULL,
	"value_num" numeric(9, 2),
	"value_bool" boolean,
	"value_choice" text,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "benchmark_answers_response_id_item_id_category_pk" PRIMARY KEY("response_id","item_id","category")
);
--> statement-breakpoint
CREATE TABLE "benchmark_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"key" text NOT NULL,
	"section" text NOT NULL,
	"label_en" text NOT NULL,
	"label_ru" text NOT NULL,
	"unit" text NOT NULL,
	"categories" jsonb DEFAULT '["all"]'::jsonb NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"min" numeric(9, 2),
	"max" numeric(9, 2),
	"warn_min" numeric(9, 2),
	"warn_max" numeric(9, 2),
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"car_class" text NOT NULL,
	"fuel" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "car_policy_entries" (
	"response_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"eligibility" text NOT NULL,
	"typical_car_model_id" integer,
	"car_class" text,
	"price_cap" numeric(14, 2),
	"acquisition" text,
	"replacement_months" integer,
	"replacement_km" integer,
	"fuel_limit" numeric(14, 2),
	"private_use" text,
	"employee_contribution" numeric(14, 2),
	"cash_allowance" numeric(14, 2),
	CONSTRAINT "car_policy_entries_response_id_position_id_pk" PRIMARY KEY("response_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "car_prices" (
	"period_id" integer NOT NULL,
	"car_model_id" integer NOT NULL,
	"list_price" numeric(14, 2) NOT NULL,
	CONSTRAINT "car_prices_period_id_car_model_id_pk" PRIMARY KEY("period_id","car_model_id")
);
--> statement-breakpoint
CREATE TABLE "page_answers" (
	"response_id" integer NOT NULL,
	"page_id" integer NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "page_answers_response_id_page_id_pk" PRIMARY KEY("response_id","page_id")
);
--> statement-breakpoint
CREATE TABLE "period_positions" (
	"period_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	CONSTRAINT "period_positions_period_id_position_id_pk" PRIMARY KEY("period_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "period_regions" (
	"period_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "period_regions_period_id_region_id_pk" PRIMARY KEY("period_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "position_allowances" (
	"entry_id" integer NOT NULL,
	"allowance_type" text NOT NULL,
	"amount_avg" numeric(14, 2),
	"share_receiving_pct" numeric(7, 2),
	CONSTRAINT "position_allowances_entry_id_allowance_type_pk" PRIMARY KEY("entry_id","allowance_type")
);
--> statement-breakpoint
CREATE TABLE "position_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"match_quality" text DEFAULT 'exact' NOT NULL,
	"headcount" integer,
	"base_salary_avg" numeric(14, 2),
	"guaranteed_extra_annual" numeric(14, 2),
	"bonus_eligible_pct" numeric(7, 2),
	"bonus_target_pct" numeric(7, 2),
	"bonus_actual_avg" numeric(14, 2),
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "position_entries_headcount_check" CHECK ("position_entries"."headcount" IS NULL OR "position_entries"."headcount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "position_lineage" (
	"from_position_id" integer NOT NULL,
	"to_position_id" integer NOT NULL,
	CONSTRAINT "position_lineage_from_position_id_to_position_id_pk" PRIMARY KEY("from_position_id","to_position_id")
);
--> statement-breakpoint
CREATE TABLE "respondent_contacts" (
	"company_id" integer NOT NULL,
	"survey_kind" text DEFAULT 'salary' NOT NULL,
	"name" text NOT NULL,
	"position" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"company_full_name" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "respondent_contacts_company_id_survey_kind_pk" PRIMARY KEY("company_id","survey_kind")
);
--> statement-breakpoint
CREATE TABLE "response_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" integer NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"step_key" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "response_steps" (
	"response_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"answered_required" integer DEFAULT 0 NOT NULL,
	"required_total" integer DEFAULT 0 NOT NULL,
	"errors_open" integer DEFAULT 0 NOT NULL,
	"warnings_open" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "response_steps_response_id_step_key_pk" PRIMARY KEY("response_id","step_key")
);
--> statement-breakpoint
CREATE TABLE "survey_datafiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"kind" text NOT NULL,
	"company_id" integer,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"rows_ok" integer DEFAULT 0 NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "survey_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"key" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"body_en" text DEFAULT '' NOT NULL,
	"body_ru" text DEFAULT '' NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'salary' NOT NULL,
	"code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone NOT NULL,
	"effective_date" date NOT NULL,
	"bonus_year" integer NOT NULL,
	"minimum_wage" numeric(14, 2) NOT NULL,
	"publish_not_before" date,
	"prior_period_id" integer,
	"rules" jsonb DEFAULT '{"minCompanies":5,"minIncumbents":5,"minCompaniesP10P90":10,"minIncumbentsP10P90":10,"maxCompanySharePct":25}'::jsonb NOT NULL,
	"instructions_file_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_group_id" integer NOT NULL,
	"code" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ru" text NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ru" text DEFAULT '' NOT NULL,
	"career_level" text NOT NULL,
	"is_field" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_positions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "survey_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"days_before" integer,
	"sent_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" integer
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"status" text DEFAULT 'not_started' NOT NULL,
	"progress_pct" integer DEFAULT 0 NOT NULL,
	"steps_complete" integer DEFAULT 0 NOT NULL,
	"steps_total" integer DEFAULT 0 NOT NULL,
	"errors_open" integer DEFAULT 0 NOT NULL,
	"warnings_open" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"last_saved_at" timestamp with time zone,
	"last_saved_by" integer,
	"submitted_at" timestamp with time zone,
	"submitted_by" integer,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"staff_reason" text,
	"deadline_override" timestamp with time zone,
	"copied_from_response_id" integer,
	"contact_snapshot" jsonb,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "turnover_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" integer NOT NULL,
	"job_group_id" integer,
	"headcount_start" integer,
	"headcount_end" integer,
	"hires" integer,
	"total_leavers" integer,
	"voluntary_leavers" integer,
	"first_year_leavers" integer,
	CONSTRAINT "turnover_entries_voluntary_check" CHECK ("turnover_entries"."voluntary_leavers" IS NULL OR "turnover_entries"."total_leavers" IS NULL OR "turnover_entries"."voluntary_leavers" <= "turnover_entries"."total_leavers")
);
--> statement-breakpoint
CREATE TABLE "user_area_access" (
	"user_id" integer NOT NULL,
	"area" text NOT NULL,
	"granted" boolean NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_area_access_user_id_area_pk" PRIMARY KEY("user_id","area")
);
--> statement-breakpoint
CREATE TABLE "validation_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"response_id" integer NOT NULL,
	"step_key" text NOT NULL,
	"target" text NOT NULL,
	"field" text,
	"rule_code" text NOT NULL,
	"severity" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"acknowledged_by" integer,
	"acknowledged_at" timestamp with time zone,
	"ack_comment" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_groups" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "job_groups" ADD COLUMN "description_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_groups" ADD COLUMN "description_ru" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_groups" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_groups" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "sort" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "regions" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "benchmark_answers" ADD CONSTRAINT "benchmark_answers_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_answers" ADD CONSTRAINT "benchmark_answers_item_id_benchmark_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."benchmark_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "benchmark_items" ADD CONSTRAINT "benchmark_items_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_policy_entries" ADD CONSTRAINT "car_policy_entries_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_policy_entries" ADD CONSTRAINT "car_policy_entries_position_id_survey_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."survey_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_policy_entries" ADD CONSTRAINT "car_policy_entries_typical_car_model_id_car_models_id_fk" FOREIGN KEY ("typical_car_model_id") REFERENCES "public"."car_models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_prices" ADD CONSTRAINT "car_prices_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "car_prices" ADD CONSTRAINT "car_prices_car_model_id_car_models_id_fk" FOREIGN KEY ("car_model_id") REFERENCES "public"."car_models"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_answers" ADD CONSTRAINT "page_answers_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_answers" ADD CONSTRAINT "page_answers_page_id_survey_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."survey_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_positions" ADD CONSTRAINT "period_positions_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_positions" ADD CONSTRAINT "period_positions_position_id_survey_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."survey_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_regions" ADD CONSTRAINT "period_regions_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "period_regions" ADD CONSTRAINT "period_regions_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_allowances" ADD CONSTRAINT "position_allowances_entry_id_position_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."position_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_entries" ADD CONSTRAINT "position_entries_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_entries" ADD CONSTRAINT "position_entries_position_id_survey_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."survey_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_entries" ADD CONSTRAINT "position_entries_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_lineage" ADD CONSTRAINT "position_lineage_from_position_id_survey_positions_id_fk" FOREIGN KEY ("from_position_id") REFERENCES "public"."survey_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_lineage" ADD CONSTRAINT "position_lineage_to_position_id_survey_positions_id_fk" FOREIGN KEY ("to_position_id") REFERENCES "public"."survey_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_contacts" ADD CONSTRAINT "respondent_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "respondent_contacts" ADD CONSTRAINT "respondent_contacts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_events" ADD CONSTRAINT "response_events_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_events" ADD CONSTRAINT "response_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "response_steps" ADD CONSTRAINT "response_steps_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_datafiles" ADD CONSTRAINT "survey_datafiles_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_datafiles" ADD CONSTRAINT "survey_datafiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_datafiles" ADD CONSTRAINT "survey_datafiles_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_datafiles" ADD CONSTRAINT "survey_datafiles_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_pages" ADD CONSTRAINT "survey_pages_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_periods" ADD CONSTRAINT "survey_periods_prior_period_id_survey_periods_id_fk" FOREIGN KEY ("prior_period_id") REFERENCES "public"."survey_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_positions" ADD CONSTRAINT "survey_positions_job_group_id_job_groups_id_fk" FOREIGN KEY ("job_group_id") REFERENCES "public"."job_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_reminders" ADD CONSTRAINT "survey_reminders_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_reminders" ADD CONSTRAINT "survey_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_reminders" ADD CONSTRAINT "survey_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_last_saved_by_users_id_fk" FOREIGN KEY ("last_saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_copied_from_response_id_survey_responses_id_fk" FOREIGN KEY ("copied_from_response_id") REFERENCES "public"."survey_responses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_entries" ADD CONSTRAINT "turnover_entries_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_entries" ADD CONSTRAINT "turnover_entries_job_group_id_job_groups_id_fk" FOREIGN KEY ("job_group_id") REFERENCES "public"."job_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_area_access" ADD CONSTRAINT "user_area_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_area_access" ADD CONSTRAINT "user_area_access_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_issues" ADD CONSTRAINT "validation_issues_response_id_survey_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."survey_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_issues" ADD CONSTRAINT "validation_issues_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "validation_issues" ADD CONSTRAINT "validation_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "benchmark_items_key" ON "benchmark_items" USING btree ("period_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "car_models_make_model_key" ON "car_models" USING btree (lower("make"),lower("model"));--> statement-breakpoint
CREATE UNIQUE INDEX "position_entries_row_key" ON "position_entries" USING btree ("response_id","position_id","region_id");--> statement-breakpoint
CREATE INDEX "response_events_response_idx" ON "response_events" USING btree ("response_id","at");--> statement-breakpoint
CREATE INDEX "survey_datafiles_period_idx" ON "survey_datafiles" USING btree ("period_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_pages_key" ON "survey_pages" USING btree ("period_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_periods_code_key" ON "survey_periods" USING btree ("kind","code");--> statement-breakpoint
CREATE INDEX "survey_periods_status_idx" ON "survey_periods" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "survey_positions_group_idx" ON "survey_positions" USING btree ("job_group_id","sort");--> statement-breakpoint
CREATE INDEX "survey_reminders_period_idx" ON "survey_reminders" USING btree ("period_id","company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_reminders_auto_key" ON "survey_reminders" USING btree ("period_id","company_id","days_before") WHERE "survey_reminders"."days_before" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_period_company_key" ON "survey_responses" USING btree ("period_id","company_id");--> statement-breakpoint
CREATE INDEX "survey_responses_period_status_idx" ON "survey_responses" USING btree ("period_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "turnover_entries_scope_key" ON "turnover_entries" USING btree ("response_id",coalesce("job_group_id", 0));--> statement-breakpoint
CREATE INDEX "validation_issues_response_idx" ON "validation_issues" USING btree ("response_id","step_key");--> statement-breakpoint
ALTER TABLE "job_groups" ADD CONSTRAINT "job_groups_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_code_unique" UNIQUE("code");