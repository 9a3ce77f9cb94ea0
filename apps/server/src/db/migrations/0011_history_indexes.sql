CREATE INDEX "action_log_actor_idx" ON "action_log" USING btree ("actor_id","id");--> statement-breakpoint
CREATE INDEX "action_log_entity_idx" ON "action_log" USING btree ("entity","entity_id","id");