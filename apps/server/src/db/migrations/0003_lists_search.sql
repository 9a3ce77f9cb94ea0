-- Trigram indexes for the people lists' search (pg_trgm ships with PostgreSQL and PGlite; it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("surname" || ' ' || "name" || ' ' || "email" || ' ' || "position") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id","is_active");