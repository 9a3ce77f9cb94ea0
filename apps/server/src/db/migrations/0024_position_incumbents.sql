CREATE TABLE "position_incumbents" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"base_salary" numeric(14, 2) NOT NULL,
	"guaranteed_extra_annual" numeric(14, 2) DEFAULT '0' NOT NULL,
	"bonus_target_pct" numeric(7, 2) DEFAULT '0' NOT NULL,
	"bonus_actual" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "position_incumbents_figures_check" CHECK ("position_incumbents"."base_salary" >= 0 AND "position_incumbents"."guaranteed_extra_annual" >= 0 AND "position_incumbents"."bonus_target_pct" >= 0 AND "position_incumbents"."bonus_actual" >= 0)
);
--> statement-breakpoint
ALTER TABLE "position_incumbents" ADD CONSTRAINT "position_incumbents_entry_id_position_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."position_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_incumbents_entry_idx" ON "position_incumbents" USING btree ("entry_id");