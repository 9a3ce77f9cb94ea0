DROP INDEX "action_log_actor_idx";--> statement-breakpoint
CREATE INDEX "action_log_author_idx" ON "action_log" USING btree ("actor_id","domain","id");