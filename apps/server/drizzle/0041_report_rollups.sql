CREATE TABLE "report_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"tax_exempt" boolean NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"event_start" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "utilisation_lines" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reserved_from" timestamp with time zone,
	"reserved_until" timestamp with time zone,
	"revenue_cents" bigint,
	"status" text NOT NULL,
	"event_start" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "report_orders" ADD CONSTRAINT "report_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_orders" ADD CONSTRAINT "report_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilisation_lines" ADD CONSTRAINT "utilisation_lines_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_orders_event_idx" ON "report_orders" USING btree ("account_id","event_start","status","tax_exempt","total_cents","tax_cents","taxable_cents");--> statement-breakpoint
CREATE INDEX "utilisation_lines_range_idx" ON "utilisation_lines" USING btree ("account_id","reserved_until","reserved_from","product_id","order_id","quantity","status") WHERE "utilisation_lines"."reserved_until" is not null;--> statement-breakpoint
CREATE INDEX "utilisation_lines_event_idx" ON "utilisation_lines" USING btree ("account_id","event_start","status","product_id","revenue_cents") WHERE "utilisation_lines"."revenue_cents" is not null;--> statement-breakpoint
CREATE INDEX "utilisation_lines_order_idx" ON "utilisation_lines" USING btree ("order_id");--> statement-breakpoint
-- The rollup is kept by the database in the transaction that changes what it summarises (decision
-- 0054). A line naming a product is copied with its order's status and event start; the order
-- row is read FOR SHARE, so a status change committing at the same time either waits for this
-- line or is seen by it (the writers of lines already hold the order FOR UPDATE).
CREATE FUNCTION "tentpole_utilisation_line"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_status text;
  order_event timestamptz;
BEGIN
  IF TG_OP = 'DELETE' OR NEW."product_id" IS NULL THEN
    IF TG_OP <> 'INSERT' THEN
      DELETE FROM "utilisation_lines" WHERE "line_id" = OLD."id";
    END IF;
    RETURN NULL;
  END IF;
  SELECT o."status", o."event_start" INTO order_status, order_event
    FROM "orders" o WHERE o."id" = NEW."order_id" FOR SHARE;
  INSERT INTO "utilisation_lines" ("line_id", "account_id", "order_id", "product_id", "quantity",
      "reserved_from", "reserved_until", "revenue_cents", "status", "event_start")
    VALUES (NEW."id", NEW."account_id", NEW."order_id", NEW."product_id", NEW."quantity",
      NEW."reserved_from", NEW."reserved_until",
      CASE WHEN NEW."kind" = 'product' THEN NEW."quantity"::bigint * NEW."unit_price_cents" END,
      order_status, order_event)
    ON CONFLICT ("line_id") DO UPDATE SET "account_id" = EXCLUDED."account_id",
      "order_id" = EXCLUDED."order_id", "product_id" = EXCLUDED."product_id",
      "quantity" = EXCLUDED."quantity", "reserved_from" = EXCLUDED."reserved_from",
      "reserved_until" = EXCLUDED."reserved_until", "revenue_cents" = EXCLUDED."revenue_cents",
      "status" = EXCLUDED."status", "event_start" = EXCLUDED."event_start";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_lines_utilisation" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION "tentpole_utilisation_line"();--> statement-breakpoint
-- An order's status or event start changing: its lines' copies follow.
CREATE FUNCTION "tentpole_utilisation_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "utilisation_lines" SET "status" = NEW."status", "event_start" = NEW."event_start"
    WHERE "order_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_utilisation" AFTER UPDATE OF "status", "event_start" ON "orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."event_start" IS DISTINCT FROM NEW."event_start") EXECUTE FUNCTION "tentpole_utilisation_order"();--> statement-breakpoint
-- The lines already there.
INSERT INTO "utilisation_lines" ("line_id", "account_id", "order_id", "product_id", "quantity",
    "reserved_from", "reserved_until", "revenue_cents", "status", "event_start")
  SELECT l."id", l."account_id", l."order_id", l."product_id", l."quantity", l."reserved_from",
    l."reserved_until",
    CASE WHEN l."kind" = 'product' THEN l."quantity"::bigint * l."unit_price_cents" END,
    o."status", o."event_start"
  FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
  WHERE l."product_id" IS NOT NULL;
--> statement-breakpoint
-- report_orders: an order's copy is written with the order, in its transaction (the order row's
-- lock orders two writers of one order). A money figure of `totals` that is not a whole number
-- (never written by the app) is read as absent.
CREATE FUNCTION "tentpole_report_cents"("totals" jsonb, "key" text) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN "totals"->>"key" ~ '^\s*[-+]?[0-9]{1,18}\s*$' THEN ("totals"->>"key")::bigint END
$$;--> statement-breakpoint
CREATE FUNCTION "tentpole_report_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_orders" ("order_id", "account_id", "customer_id", "status", "tax_exempt",
      "total_cents", "tax_cents", "taxable_cents", "event_start", "created_at")
    VALUES (NEW."id", NEW."account_id", NEW."customer_id", NEW."status", NEW."tax_exempt",
      coalesce("tentpole_report_cents"(NEW."totals", 'total'), NEW."total_cents"),
      coalesce("tentpole_report_cents"(NEW."totals", 'tax'), 0),
      coalesce("tentpole_report_cents"(NEW."totals", 'taxableBase'), 0),
      NEW."event_start", NEW."created_at")
    ON CONFLICT ("order_id") DO UPDATE SET "account_id" = EXCLUDED."account_id",
      "customer_id" = EXCLUDED."customer_id", "status" = EXCLUDED."status",
      "tax_exempt" = EXCLUDED."tax_exempt", "total_cents" = EXCLUDED."total_cents",
      "tax_cents" = EXCLUDED."tax_cents", "taxable_cents" = EXCLUDED."taxable_cents",
      "event_start" = EXCLUDED."event_start", "created_at" = EXCLUDED."created_at";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_report_insert" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "tentpole_report_order"();--> statement-breakpoint
CREATE TRIGGER "orders_report_update" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."totals" IS DISTINCT FROM NEW."totals" OR OLD."total_cents" IS DISTINCT FROM NEW."total_cents" OR OLD."tax_exempt" IS DISTINCT FROM NEW."tax_exempt" OR OLD."event_start" IS DISTINCT FROM NEW."event_start" OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."customer_id" IS DISTINCT FROM NEW."customer_id" OR OLD."account_id" IS DISTINCT FROM NEW."account_id") EXECUTE FUNCTION "tentpole_report_order"();--> statement-breakpoint
-- The orders already there.
INSERT INTO "report_orders" ("order_id", "account_id", "customer_id", "status", "tax_exempt",
    "total_cents", "tax_cents", "taxable_cents", "event_start", "created_at")
  SELECT o."id", o."account_id", o."customer_id", o."status", o."tax_exempt",
    coalesce("tentpole_report_cents"(o."totals", 'total'), o."total_cents"),
    coalesce("tentpole_report_cents"(o."totals", 'tax'), 0),
    coalesce("tentpole_report_cents"(o."totals", 'taxableBase'), 0),
    o."event_start", o."created_at"
  FROM "orders" o;
