-- Trigram index for the people lists' search (pg_trgm ships with PostgreSQL and PGlite; it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("users"."surname" || ' ' || "users"."name" || ' ' || "users"."email" || ' ' || "users"."position")) STORED;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","is_active");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","is_active");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_people_check" CHECK ("users"."role" IN ('staff', 'admin') OR "users"."company_id" IS NOT NULL);