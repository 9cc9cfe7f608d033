CREATE TABLE "report_payments" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"of" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" bigint NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"tax_exempt" boolean NOT NULL,
	"status" text NOT NULL,
	"event_start" timestamp with time zone
);
--> statement-breakpoint
-- The orders' numbers are copied below, then the column is made NOT NULL.
ALTER TABLE "report_orders" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "rental_paid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "referral_source" text;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "delivery_due" text;--> statement-breakpoint
ALTER TABLE "report_orders" ADD COLUMN "pickup_due" text;--> statement-breakpoint
ALTER TABLE "report_payments" ADD CONSTRAINT "report_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_payments" ADD CONSTRAINT "report_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_payments_paid_idx" ON "report_payments" USING btree ("account_id","of","paid_at","order_id","amount_cents","tax_cents","taxable_cents","tax_exempt");--> statement-breakpoint
CREATE INDEX "report_payments_event_idx" ON "report_payments" USING btree ("account_id","event_start","status","paid_at","order_id","amount_cents") WHERE "report_payments"."of" = 'rental';--> statement-breakpoint
CREATE INDEX "report_payments_order_idx" ON "report_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_orders_created_idx" ON "report_orders" USING btree ("account_id","created_at");
--> statement-breakpoint
-- A payment now changes its order's copy (rental_paid_cents, not indexed). Room left on each
-- page lets that update stay on the page (a HOT update); without it each one writes the row
-- to another page and a new entry into every index of the table, and the reports' scans of
-- the copies read the dead versions too.
ALTER TABLE "report_orders" SET (fillfactor = 80);
--> statement-breakpoint
-- report_payments and report_orders.rental_paid_cents are kept by the database in the
-- transaction that changes what they copy (decision 0054). A payment's share of its order's tax
-- and taxable base is worked out once, when either changes, as the cash reports rounded it per
-- payment: none for a security deposit, a cancelled order's money or an order totalling 0.
CREATE FUNCTION "tentpole_report_share"("amount" integer, "of" text, "status" text, "part" bigint, "total" bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "of" <> 'rental' OR "status" = 'cancelled' OR "total" = 0 THEN 0
    ELSE round("amount"::numeric * "part" / "total")::bigint END
$$;--> statement-breakpoint
-- A payment or refund written, changed or deleted. Its order is read FOR SHARE before anything
-- is written: a change to the order committing at the same time then either waits for this
-- payment, or is seen by it (as 0041's lines). The app's writers of payments already hold the
-- order FOR UPDATE (orders' lockOrder), so they take no new lock, and every writer locks the
-- order before the order's report_orders row, as the order's own trigger does.
CREATE FUNCTION "tentpole_report_payment"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM 1 FROM "orders" WHERE "id" = OLD."order_id" FOR SHARE;
    IF OLD."of" = 'rental' THEN
      UPDATE "report_orders" SET "rental_paid_cents" = "rental_paid_cents" - OLD."amount_cents"
        WHERE "order_id" = OLD."order_id";
    END IF;
  END IF;
  -- A deleted payment's copy goes with it (on delete cascade).
  IF TG_OP = 'DELETE' THEN
    RETURN NULL;
  END IF;
  SELECT x."status", x."tax_exempt", x."event_start",
      coalesce("tentpole_report_cents"(x."totals", 'total'), x."total_cents") AS "total",
      coalesce("tentpole_report_cents"(x."totals", 'tax'), 0) AS "tax",
      coalesce("tentpole_report_cents"(x."totals", 'taxableBase'), 0) AS "taxable"
    INTO o FROM "orders" x WHERE x."id" = NEW."order_id" FOR SHARE;
  IF NEW."of" = 'rental' THEN
    UPDATE "report_orders" SET "rental_paid_cents" = "rental_paid_cents" + NEW."amount_cents"
      WHERE "order_id" = NEW."order_id";
  END IF;
  INSERT INTO "report_payments" ("payment_id", "account_id", "order_id", "of", "paid_at",
      "amount_cents", "tax_cents", "taxable_cents", "tax_exempt", "status", "event_start")
    VALUES (NEW."id", NEW."account_id", NEW."order_id", NEW."of", NEW."paid_at",
      NEW."amount_cents",
      "tentpole_report_share"(NEW."amount_cents", NEW."of", o."status", o."tax", o."total"),
      "tentpole_report_share"(NEW."amount_cents", NEW."of", o."status", o."taxable", o."total"),
      o."tax_exempt", o."status", o."event_start")
    ON CONFLICT ("payment_id") DO UPDATE SET "account_id" = EXCLUDED."account_id",
      "order_id" = EXCLUDED."order_id", "of" = EXCLUDED."of", "paid_at" = EXCLUDED."paid_at",
      "amount_cents" = EXCLUDED."amount_cents", "tax_cents" = EXCLUDED."tax_cents",
      "taxable_cents" = EXCLUDED."taxable_cents", "tax_exempt" = EXCLUDED."tax_exempt",
      "status" = EXCLUDED."status", "event_start" = EXCLUDED."event_start";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payments_report" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "tentpole_report_payment"();--> statement-breakpoint
-- An order's status, totals, tax exemption or event start changing: its payments' copies
-- follow, shares worked out again (the order row's lock orders this after its payments).
CREATE FUNCTION "tentpole_report_order_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint := coalesce("tentpole_report_cents"(NEW."totals", 'total'), NEW."total_cents");
  tax bigint := coalesce("tentpole_report_cents"(NEW."totals", 'tax'), 0);
  taxable bigint := coalesce("tentpole_report_cents"(NEW."totals", 'taxableBase'), 0);
BEGIN
  UPDATE "report_payments" p SET "status" = NEW."status", "tax_exempt" = NEW."tax_exempt",
      "event_start" = NEW."event_start",
      "tax_cents" = "tentpole_report_share"(p."amount_cents", p."of", NEW."status", tax, total),
      "taxable_cents" = "tentpole_report_share"(p."amount_cents", p."of", NEW."status", taxable, total)
    WHERE p."order_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_report_payments" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."totals" IS DISTINCT FROM NEW."totals" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents" OR OLD."tax_exempt" IS DISTINCT FROM NEW."tax_exempt" OR OLD."event_start" IS DISTINCT FROM NEW."event_start") EXECUTE FUNCTION "tentpole_report_order_payments"();--> statement-breakpoint
-- The payments already there.
INSERT INTO "report_payments" ("payment_id", "account_id", "order_id", "of", "paid_at",
    "amount_cents", "tax_cents", "taxable_cents", "tax_exempt", "status", "event_start")
  SELECT p."id", p."account_id", p."order_id", p."of", p."paid_at", p."amount_cents",
    "tentpole_report_share"(p."amount_cents", p."of", r."status", r."tax_cents", r."total_cents"),
    "tentpole_report_share"(p."amount_cents", p."of", r."status", r."taxable_cents", r."total_cents"),
    r."tax_exempt", r."status", r."event_start"
  FROM "payments" p JOIN "report_orders" r ON r."order_id" = p."order_id";
--> statement-breakpoint
UPDATE "report_orders" r SET "rental_paid_cents" = s."paid"
  FROM (SELECT "order_id", sum("amount_cents") AS "paid" FROM "payments" WHERE "of" = 'rental'
    GROUP BY "order_id") s
  WHERE r."order_id" = s."order_id";
--> statement-breakpoint
-- report_orders also copies the order's number (a CSV page of deposits held walks the orders by
-- it), its referral source (lead sources) and the ends of its delivery and pickup windows as
-- written (deliveries). 0041's function and trigger, with those added.
CREATE OR REPLACE FUNCTION "tentpole_report_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_orders" ("order_id", "account_id", "customer_id", "number", "status",
      "tax_exempt", "total_cents", "tax_cents", "taxable_cents", "event_start", "created_at",
      "referral_source", "delivery_due", "pickup_due")
    VALUES (NEW."id", NEW."account_id", NEW."customer_id", NEW."number", NEW."status",
      NEW."tax_exempt",
      coalesce("tentpole_report_cents"(NEW."totals", 'total'), NEW."total_cents"),
      coalesce("tentpole_report_cents"(NEW."totals", 'tax'), 0),
      coalesce("tentpole_report_cents"(NEW."totals", 'taxableBase'), 0),
      NEW."event_start", NEW."created_at", NEW."referral_source",
      NEW."delivery_window"->>'end', NEW."pickup_window"->>'end')
    ON CONFLICT ("order_id") DO UPDATE SET "account_id" = EXCLUDED."account_id",
      "customer_id" = EXCLUDED."customer_id", "number" = EXCLUDED."number",
      "status" = EXCLUDED."status", "tax_exempt" = EXCLUDED."tax_exempt",
      "total_cents" = EXCLUDED."total_cents", "tax_cents" = EXCLUDED."tax_cents",
      "taxable_cents" = EXCLUDED."taxable_cents", "event_start" = EXCLUDED."event_start",
      "created_at" = EXCLUDED."created_at", "referral_source" = EXCLUDED."referral_source",
      "delivery_due" = EXCLUDED."delivery_due", "pickup_due" = EXCLUDED."pickup_due";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "orders_report_update" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_report_update" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."totals" IS DISTINCT FROM NEW."totals" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents" OR OLD."tax_exempt" IS DISTINCT FROM NEW."tax_exempt" OR OLD."event_start" IS DISTINCT FROM NEW."event_start" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR OLD."account_id" IS DISTINCT FROM NEW."account_id" OR OLD."number" IS DISTINCT FROM NEW."number" OR OLD."referral_source" IS DISTINCT FROM NEW."referral_source" OR OLD."delivery_window" IS DISTINCT FROM NEW."delivery_window" OR OLD."pickup_window" IS DISTINCT FROM NEW."pickup_window") EXECUTE FUNCTION "tentpole_report_order"();--> statement-breakpoint
UPDATE "report_orders" r SET "number" = o."number", "referral_source" = o."referral_source",
    "delivery_due" = o."delivery_window"->>'end', "pickup_due" = o."pickup_window"->>'end'
  FROM "orders" o WHERE o."id" = r."order_id";
--> statement-breakpoint
ALTER TABLE "report_orders" ALTER COLUMN "number" SET NOT NULL;
