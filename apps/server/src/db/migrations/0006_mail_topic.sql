ALTER TABLE "mail_outbox" ADD COLUMN "topic" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_topic_idx" ON "mail_outbox" USING btree ("topic","status");