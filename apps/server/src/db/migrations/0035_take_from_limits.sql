-- Checks the limits and counts one event towards each, as one step and one round trip (lib/rate-limiter.ts): each
-- counter is locked (a transaction-scoped advisory lock, in a fixed order) to the end of the transaction, and each
-- count is a statement of its own, so it sees every event committed by whoever held the lock before. Answers the
-- events counted, or the position (from 1) of the first limit reached, having counted none.
CREATE FUNCTION "take_from_limits"(p_buckets text[], p_keys text[], p_maxes integer[], p_since timestamptz[], p_at timestamptz,
  OUT refused integer, OUT ids integer[]) LANGUAGE plpgsql AS $$
DECLARE
  counter text;
BEGIN
  FOR counter IN SELECT DISTINCT b || ':' || k FROM unnest(p_buckets, p_keys) AS t(b, k) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext(counter));
  END LOOP;
  FOR i IN 1 .. coalesce(array_length(p_buckets, 1), 0) LOOP
    IF (SELECT count(*) FROM "rate_limit_events" e WHERE e."bucket" = p_buckets[i] AND e."key" = p_keys[i] AND e."at" > p_since[i]) >= p_maxes[i] THEN
      refused := i;
      RETURN;
    END IF;
  END LOOP;
  WITH added AS (
    INSERT INTO "rate_limit_events" ("bucket", "key", "at") SELECT b, k, p_at FROM unnest(p_buckets, p_keys) AS t(b, k) RETURNING "id"
  )
  SELECT array_agg(added."id" ORDER BY added."id") INTO ids FROM added;
END $$;
