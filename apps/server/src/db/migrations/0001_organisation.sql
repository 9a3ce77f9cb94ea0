CREATE INDEX "companies_domain_idx" ON "companies" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "users_surname_idx" ON "users" USING btree ("surname","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_active_ceo_key" ON "users" USING btree ("company_id") WHERE "users"."role" = 'ceo' AND "users"."is_active";