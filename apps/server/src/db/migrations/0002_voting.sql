CREATE TABLE "voting_codes" (
	"voting_id" integer NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "voting_codes_voting_id_email_pk" PRIMARY KEY("voting_id","email")
);
--> statement-breakpoint
CREATE TABLE "voting_companies" (
	"voting_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "voting_companies_voting_id_company_id_pk" PRIMARY KEY("voting_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "voting_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"voting_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"name" text NOT NULL,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "voting_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"voting_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"unit_key" text NOT NULL,
	"option_ids" integer[] NOT NULL,
	"status" text DEFAULT 'valid' NOT NULL,
	"reason" text,
	"source" text NOT NULL,
	"receipt" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "votings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"question" text NOT NULL,
	"language" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"auto_start" boolean DEFAULT false NOT NULL,
	"multiple" boolean DEFAULT false NOT NULL,
	"min_answers" integer DEFAULT 1 NOT NULL,
	"max_answers" integer DEFAULT 1 NOT NULL,
	"quorum" integer,
	"max_responses" integer,
	"effective_max" integer,
	"valid_count" integer DEFAULT 0 NOT NULL,
	"unit" text DEFAULT 'company' NOT NULL,
	"eligibility" text DEFAULT 'all' NOT NULL,
	"secret" boolean DEFAULT false NOT NULL,
	"require_code" boolean DEFAULT true NOT NULL,
	"publish_results" boolean DEFAULT false NOT NULL,
	"show_counts" boolean DEFAULT true NOT NULL,
	"quorum_reached" boolean,
	"author_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "votings_slug_unique" UNIQUE("slug"),
	CONSTRAINT "votings_max_responses_check" CHECK ("votings"."effective_max" IS NULL OR "votings"."valid_count" <= "votings"."effective_max")
);
--> statement-breakpoint
ALTER TABLE "voting_codes" ADD CONSTRAINT "voting_codes_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_companies" ADD CONSTRAINT "voting_companies_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_companies" ADD CONSTRAINT "voting_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_options" ADD CONSTRAINT "voting_options_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_responses" ADD CONSTRAINT "voting_responses_voting_id_votings_id_fk" FOREIGN KEY ("voting_id") REFERENCES "public"."votings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_responses" ADD CONSTRAINT "voting_responses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_responses" ADD CONSTRAINT "voting_responses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voting_responses" ADD CONSTRAINT "voting_responses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "votings" ADD CONSTRAINT "votings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voting_options_voting_idx" ON "voting_options" USING btree ("voting_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "voting_responses_one_per_unit_key" ON "voting_responses" USING btree ("voting_id","unit_key") WHERE "voting_responses"."status" = 'valid';--> statement-breakpoint
CREATE INDEX "voting_responses_voting_idx" ON "voting_responses" USING btree ("voting_id","created_at");--> statement-breakpoint
CREATE INDEX "voting_responses_user_idx" ON "voting_responses" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "votings_status_idx" ON "votings" USING btree ("status","starts_at");