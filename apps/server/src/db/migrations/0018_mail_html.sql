-- The templates so far were only the mail catalogue's defaults (nothing could edit them): the new shape (0019) is seeded afresh.
DROP TABLE "mail_templates" CASCADE;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "sender_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;