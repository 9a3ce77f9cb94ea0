CREATE TABLE "committee_mail_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sender_name" text NOT NULL,
	"templates" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committee_mailing_recipients" (
	"mailing_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "committee_mailing_recipients_mailing_id_user_id_pk" PRIMARY KEY("mailing_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "committee_mailings" (
	"id" serial PRIMARY KEY NOT NULL,
	"committee_id" integer NOT NULL,
	"subject_en" text NOT NULL,
	"subject_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"author_id" integer,
	"recipients" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "committee_opt_outs" (
	"committee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "committee_opt_outs_committee_id_user_id_pk" PRIMARY KEY("committee_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"subject_en" text NOT NULL,
	"subject_ru" text NOT NULL,
	"body_en" text NOT NULL,
	"body_ru" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "committee_mailing_recipients" ADD CONSTRAINT "committee_mailing_recipients_mailing_id_committee_mailings_id_fk" FOREIGN KEY ("mailing_id") REFERENCES "public"."committee_mailings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_mailing_recipients" ADD CONSTRAINT "committee_mailing_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_mailings" ADD CONSTRAINT "committee_mailings_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_mailings" ADD CONSTRAINT "committee_mailings_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_opt_outs" ADD CONSTRAINT "committee_opt_outs_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_opt_outs" ADD CONSTRAINT "committee_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "committee_mailing_recipients_token_key" ON "committee_mailing_recipients" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "committee_mailings_committee_idx" ON "committee_mailings" USING btree ("committee_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_builtin_key" ON "mail_templates" USING btree ("type") WHERE builtin;--> statement-breakpoint
CREATE INDEX "mail_templates_type_idx" ON "mail_templates" USING btree ("type");