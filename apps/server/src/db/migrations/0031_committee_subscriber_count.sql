ALTER TABLE "committees" ADD COLUMN "subscriber_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "committees" c SET "subscriber_count" = (SELECT count(*) FROM "committee_subscribers" s WHERE s."committee_id" = c."id");--> statement-breakpoint
-- Each statement on committee_subscribers moves its committees' counts by the rows it added or removed (a CSV of
-- thousands is one update per committee), one committee after another in id order, so that two statements touching
-- several committees always lock them in the same order and never deadlock on them.
CREATE FUNCTION "committee_subscriber_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT "committee_id", count(*) AS n FROM new_rows GROUP BY "committee_id" ORDER BY "committee_id" LOOP
      UPDATE "committees" SET "subscriber_count" = "subscriber_count" + d.n WHERE "id" = d."committee_id";
    END LOOP;
  ELSE
    FOR d IN SELECT "committee_id", count(*) AS n FROM old_rows GROUP BY "committee_id" ORDER BY "committee_id" LOOP
      UPDATE "committees" SET "subscriber_count" = "subscriber_count" - d.n WHERE "id" = d."committee_id";
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "committee_subscribers_added" AFTER INSERT ON "committee_subscribers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_subscriber_count"();--> statement-breakpoint
CREATE TRIGGER "committee_subscribers_removed" AFTER DELETE ON "committee_subscribers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_subscriber_count"();
