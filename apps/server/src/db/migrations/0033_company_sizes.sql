ALTER TABLE "companies" ADD COLUMN "people" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "active_people" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "companies" c SET "people" = s.n, "active_people" = s.a
  FROM (SELECT "company_id", count(*) AS n, count(*) FILTER (WHERE "is_active") AS a FROM "users" GROUP BY "company_id") s
  WHERE s."company_id" = c."id";--> statement-breakpoint
-- Each statement on users moves its companies' sizes by the people it added, removed, moved or switched on or off (an
-- import of thousands is one update per company), one company after another in id order, so that two statements
-- touching several companies always lock them in the same order and never deadlock on them.
CREATE FUNCTION "company_sizes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  -- A transition table exists only for the statements that have it: inserts have new rows, deletes old ones.
  IF TG_OP = 'INSERT' THEN
    FOR d IN SELECT "company_id", count(*) AS n, count(*) FILTER (WHERE "is_active") AS a FROM new_rows
      WHERE "company_id" IS NOT NULL GROUP BY "company_id" ORDER BY "company_id" LOOP
      UPDATE "companies" SET "people" = "people" + d.n, "active_people" = "active_people" + d.a WHERE "id" = d."company_id";
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR d IN SELECT "company_id", count(*) AS n, count(*) FILTER (WHERE "is_active") AS a FROM old_rows
      WHERE "company_id" IS NOT NULL GROUP BY "company_id" ORDER BY "company_id" LOOP
      UPDATE "companies" SET "people" = "people" - d.n, "active_people" = "active_people" - d.a WHERE "id" = d."company_id";
    END LOOP;
  ELSE
    FOR d IN SELECT "company_id", sum(n) AS n, sum(a) AS a FROM (
        SELECT "company_id", 1 AS n, "is_active"::int AS a FROM new_rows
        UNION ALL
        SELECT "company_id", -1, -"is_active"::int FROM old_rows
      ) moved
      WHERE "company_id" IS NOT NULL GROUP BY "company_id" HAVING sum(n) <> 0 OR sum(a) <> 0 ORDER BY "company_id" LOOP
      UPDATE "companies" SET "people" = "people" + d.n, "active_people" = "active_people" + d.a WHERE "id" = d."company_id";
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_added" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "company_sizes"();--> statement-breakpoint
CREATE TRIGGER "users_changed" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "company_sizes"();--> statement-breakpoint
CREATE TRIGGER "users_removed" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "company_sizes"();
