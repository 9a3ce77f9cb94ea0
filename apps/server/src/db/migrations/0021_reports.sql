CREATE TABLE "report_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer,
	"period_id" integer NOT NULL,
	"report_type" text,
	"company_id" integer,
	"user_id" integer,
	"source" text NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_by" integer,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "report_access_grantee_check" CHECK (("report_access"."company_id" IS NULL) <> ("report_access"."user_id" IS NULL)),
	CONSTRAINT "report_access_subject_check" CHECK ("report_access"."report_id" IS NOT NULL OR "report_access"."report_type" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "report_archives" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"language" text NOT NULL,
	"report_ids" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"file_key" text,
	"size" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_downloads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" integer,
	"archive_id" integer,
	"period_id" integer NOT NULL,
	"user_id" integer,
	"company_id" integer,
	"ip" "inet",
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"period_id" integer NOT NULL,
	"report_id" integer,
	"archive_id" integer,
	"target" text NOT NULL,
	"pgboss_job_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"stage" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"progress_pct" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_detail" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"retry_of_task_id" integer,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"type" text NOT NULL,
	"company_id" integer,
	"language" text NOT NULL,
	"format" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"snapshot_id" integer,
	"file_key" text,
	"file_name" text,
	"size" integer,
	"sha256" text,
	"pdf_source_report_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"generated_at" timestamp with time zone,
	"published_by" integer,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_data_access" (
	"user_id" integer NOT NULL,
	"scope" text NOT NULL,
	"granted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_data_access_user_id_scope_pk" PRIMARY KEY("user_id","scope")
);
--> statement-breakpoint
CREATE TABLE "stat_cells" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"snapshot_id" integer NOT NULL,
	"domain" text NOT NULL,
	"metric" text NOT NULL,
	"position_id" integer,
	"job_group_id" integer,
	"region_id" integer,
	"size_band" text,
	"category" text,
	"distributor_id" integer,
	"n_companies" integer NOT NULL,
	"n_incumbents" integer NOT NULL,
	"mean_company" numeric(16, 2),
	"mean_incumbent" numeric(16, 2),
	"p10" numeric(16, 2),
	"p25" numeric(16, 2),
	"p50" numeric(16, 2),
	"p75" numeric(16, 2),
	"p90" numeric(16, 2),
	"prevalence_pct" numeric(5, 1),
	"suppress_reason" text,
	"tail_reason" text
);
--> statement-breakpoint
CREATE TABLE "stat_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"responses_included" integer NOT NULL,
	"company_ids" jsonb NOT NULL,
	"source_hash" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_access" ADD CONSTRAINT "report_access_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_archives" ADD CONSTRAINT "report_archives_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_archives" ADD CONSTRAINT "report_archives_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_archive_id_report_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."report_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_downloads" ADD CONSTRAINT "report_downloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_archive_id_report_archives_id_fk" FOREIGN KEY ("archive_id") REFERENCES "public"."report_archives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_retry_of_task_id_report_tasks_id_fk" FOREIGN KEY ("retry_of_task_id") REFERENCES "public"."report_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_tasks" ADD CONSTRAINT "report_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_snapshot_id_stat_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."stat_snapshots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_pdf_source_report_id_reports_id_fk" FOREIGN KEY ("pdf_source_report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_access" ADD CONSTRAINT "staff_data_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_data_access" ADD CONSTRAINT "staff_data_access_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_cells" ADD CONSTRAINT "stat_cells_snapshot_id_stat_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."stat_snapshots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_cells" ADD CONSTRAINT "stat_cells_position_id_survey_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."survey_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_cells" ADD CONSTRAINT "stat_cells_job_group_id_job_groups_id_fk" FOREIGN KEY ("job_group_id") REFERENCES "public"."job_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_cells" ADD CONSTRAINT "stat_cells_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_snapshots" ADD CONSTRAINT "stat_snapshots_period_id_survey_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."survey_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stat_snapshots" ADD CONSTRAINT "stat_snapshots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_access_live_key" ON "report_access" USING btree ("period_id",coalesce("report_id", 0),coalesce("report_type", ''),coalesce("company_id", 0),coalesce("user_id", 0)) WHERE "report_access"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "report_access_company_idx" ON "report_access" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "report_access_user_idx" ON "report_access" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "report_downloads_report_idx" ON "report_downloads" USING btree ("report_id","at");--> statement-breakpoint
CREATE INDEX "report_downloads_user_idx" ON "report_downloads" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_tasks_live_key" ON "report_tasks" USING btree ("kind","target") WHERE "report_tasks"."state" IN ('queued', 'running');--> statement-breakpoint
CREATE INDEX "report_tasks_period_idx" ON "report_tasks" USING btree ("period_id","created_at");--> statement-breakpoint
CREATE INDEX "report_tasks_running_idx" ON "report_tasks" USING btree ("state","heartbeat_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_edition_key" ON "reports" USING btree ("period_id","type",coalesce("company_id", 0),"language","format","version");--> statement-breakpoint
CREATE INDEX "reports_period_idx" ON "reports" USING btree ("period_id","type","status");--> statement-breakpoint
CREATE INDEX "stat_cells_snapshot_idx" ON "stat_cells" USING btree ("snapshot_id","domain","metric","position_id");--> statement-breakpoint
CREATE INDEX "stat_snapshots_period_idx" ON "stat_snapshots" USING btree ("period_id","created_at");