CREATE TABLE "committee_recipients" (
	"committee_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"subscriber" boolean NOT NULL,
	"member_days" datemultirange,
	"surname" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"search_text" text NOT NULL,
	"company" text NOT NULL,
	"reachable" boolean NOT NULL,
	CONSTRAINT "committee_recipients_committee_id_user_id_pk" PRIMARY KEY("committee_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "committee_recipients" ADD CONSTRAINT "committee_recipients_committee_id_committees_id_fk" FOREIGN KEY ("committee_id") REFERENCES "public"."committees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "committee_recipients" ADD CONSTRAINT "committee_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "committee_recipients_user_idx" ON "committee_recipients" USING btree ("user_id");--> statement-breakpoint
-- Works the distribution-list rows of people `uids` in committees `cids` (null: every committee) out again from the
-- members, subscribers, opt-outs, people and companies. One change of the lists at a time (an advisory lock held to the
-- end of the transaction): each then reads the tables once the previous one has committed, so two changes to one
-- person at once cannot leave a row the other did not see.
CREATE FUNCTION "committee_recipients_refresh"(uids integer[], cids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727277);
  DELETE FROM "committee_recipients" r WHERE r."user_id" = ANY (uids) AND (cids IS NULL OR r."committee_id" = ANY (cids));
  INSERT INTO "committee_recipients"
    ("committee_id", "user_id", "subscriber", "member_days", "surname", "name", "email", "locale", "search_text", "company", "reachable")
  SELECT g."committee_id", g."user_id", g."subscriber", g."member_days", u."surname", u."name", u."email", u."locale", u."search_text",
    c."name", u."is_active" AND c."is_active"
  FROM (
    SELECT x."committee_id", x."user_id", bool_or(x."subscriber") AS "subscriber", range_agg(x."days") FILTER (WHERE x."days" IS NOT NULL) AS "member_days"
    FROM (
      SELECT s."committee_id", s."user_id", true AS "subscriber", NULL::daterange AS "days" FROM "committee_subscribers" s
        WHERE s."user_id" = ANY (uids) AND (cids IS NULL OR s."committee_id" = ANY (cids))
      UNION ALL
      -- A term that ends before it starts runs on no day.
      SELECT m."committee_id", m."user_id", false, CASE WHEN m."until" IS NULL OR m."until" >= m."since" THEN daterange(m."since", m."until", '[]') END
        FROM "committee_members" m WHERE m."user_id" = ANY (uids) AND (cids IS NULL OR m."committee_id" = ANY (cids))
    ) x
    GROUP BY x."committee_id", x."user_id"
  ) g
  JOIN "users" u ON u."id" = g."user_id"
  JOIN "companies" c ON c."id" = u."company_id"
  WHERE NOT EXISTS (SELECT 1 FROM "committee_opt_outs" o WHERE o."committee_id" = g."committee_id" AND o."user_id" = g."user_id");
END $$;--> statement-breakpoint
-- A statement on committee_members, committee_subscribers or committee_opt_outs: the lists of the people and committees it touched.
CREATE FUNCTION "committee_recipients_listed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids integer[];
  cids integer[];
BEGIN
  -- A transition table exists only for the statements that have it: inserts have new rows, deletes old ones.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "user_id"), array_agg(DISTINCT "committee_id") INTO uids, cids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "user_id"), array_agg(DISTINCT "committee_id") INTO uids, cids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT "user_id"), array_agg(DISTINCT "committee_id") INTO uids, cids
      FROM (SELECT "user_id", "committee_id" FROM new_rows UNION ALL SELECT "user_id", "committee_id" FROM old_rows) moved;
  END IF;
  IF uids IS NOT NULL THEN
    PERFORM "committee_recipients_refresh"(uids, cids);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A statement on users: the lists of the people whose name, e-mail, language, search text, state or company changed.
CREATE FUNCTION "committee_recipients_people"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids integer[];
BEGIN
  SELECT array_agg(n."id") INTO uids FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    WHERE (n."surname", n."name", n."email", n."locale", n."search_text", n."is_active", n."company_id")
      IS DISTINCT FROM (o."surname", o."name", o."email", o."locale", o."search_text", o."is_active", o."company_id");
  IF uids IS NOT NULL THEN
    PERFORM "committee_recipients_refresh"(uids, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A statement on companies: the lists of the people of those renamed or switched on or off (not of those whose sizes moved).
CREATE FUNCTION "committee_recipients_companies"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  uids integer[];
BEGIN
  SELECT array_agg(u."id") INTO uids FROM new_rows n JOIN old_rows o ON o."id" = n."id" JOIN "users" u ON u."company_id" = n."id"
    WHERE (n."name", n."is_active") IS DISTINCT FROM (o."name", o."is_active");
  IF uids IS NOT NULL THEN
    PERFORM "committee_recipients_refresh"(uids, NULL);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "committee_members_listed_in" AFTER INSERT ON "committee_members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_members_listed_changed" AFTER UPDATE ON "committee_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_members_listed_out" AFTER DELETE ON "committee_members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_subscribers_listed_in" AFTER INSERT ON "committee_subscribers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_subscribers_listed_changed" AFTER UPDATE ON "committee_subscribers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_subscribers_listed_out" AFTER DELETE ON "committee_subscribers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_opt_outs_listed_in" AFTER INSERT ON "committee_opt_outs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_opt_outs_listed_changed" AFTER UPDATE ON "committee_opt_outs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "committee_opt_outs_listed_out" AFTER DELETE ON "committee_opt_outs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_listed"();--> statement-breakpoint
CREATE TRIGGER "users_listed_changed" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_people"();--> statement-breakpoint
CREATE TRIGGER "companies_listed_changed" AFTER UPDATE ON "companies" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "committee_recipients_companies"();--> statement-breakpoint
SELECT "committee_recipients_refresh"(ARRAY(SELECT "id" FROM "users"), NULL);
