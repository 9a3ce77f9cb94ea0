-- Whether a session was opened with a second factor is kept per session (it was worked out from the person, so a session
-- opened with the password alone gained every right once its owner enrolled an app elsewhere). The sessions of people
-- with an app enrolled could only have been opened with a code, or before it was enrolled; the latter cannot be told
-- apart and keep their rights, as before.
ALTER TABLE "sessions" RENAME COLUMN "by_passkey" TO "second_factor";--> statement-breakpoint
UPDATE "sessions" s SET "second_factor" = true
  WHERE EXISTS (SELECT 1 FROM "two_factors" f WHERE f."user_id" = s."user_id" AND f."confirmed_at" IS NOT NULL);
