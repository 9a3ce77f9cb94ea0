-- Sessions end when unused for SESSION_IDLE_HOURS (default 24): the lookup moves expires_at forward as it is used.
-- Sessions open before that rule keep their 30 days unless brought under it once, with the default.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", "last_seen_at" + interval '24 hours');
