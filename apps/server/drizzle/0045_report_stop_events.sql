CREATE TABLE "report_stop_events" (
	"account_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"stop_kind" text,
	"day" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"due" text,
	CONSTRAINT "report_stop_events_account_id_event_id_pk" PRIMARY KEY("account_id","event_id")
);
--> statement-breakpoint
DROP INDEX "report_orders_created_idx";--> statement-breakpoint
ALTER TABLE "report_stop_events" ADD CONSTRAINT "report_stop_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_stop_events" ADD CONSTRAINT "report_stop_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_stop_events_stop_idx" ON "report_stop_events" USING btree ("account_id","order_id","stop_kind","occurred_at","day","due");--> statement-breakpoint
CREATE INDEX "calls_direction_started_idx" ON "calls" USING btree ("account_id","direction","started_at","counterpart_number");--> statement-breakpoint
CREATE INDEX "messages_direction_idx" ON "messages" USING btree ("account_id","direction","created_at","conversation_id");--> statement-breakpoint
CREATE INDEX "report_orders_number_idx" ON "report_orders" USING btree ("account_id","number");--> statement-breakpoint
CREATE INDEX "report_orders_created_idx" ON "report_orders" USING btree ("account_id","created_at","status","customer_id","total_cents","tax_cents","referral_source","order_id");--> statement-breakpoint
-- report_stop_events (decision 0054, third pass) is kept by the database in the transaction that
-- writes what it copies. A stop done ("delivered" or "picked up") is copied with the end of its
-- order's window for that stop, as written; an event of no order, or of an order of another
-- account, is not copied (the report never counted one). The order row is read FOR SHARE, so a
-- change to its windows committing at the same time either waits for this event or is seen by
-- it; the order's own trigger runs with the order row locked, so both lock the order first.
CREATE FUNCTION "tentpole_report_stop_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_account uuid;
  order_due text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM "report_stop_events"
      WHERE "account_id" = OLD."account_id" AND "event_id" = OLD."id";
  END IF;
  IF TG_OP = 'DELETE' OR NEW."order_id" IS NULL
      OR NEW."action" NOT IN ('delivered', 'picked_up') THEN
    RETURN NULL;
  END IF;
  SELECT o."account_id",
      CASE WHEN NEW."stop_kind" = 'pickup' THEN o."pickup_window"->>'end'
        ELSE o."delivery_window"->>'end' END
    INTO order_account, order_due
    FROM "orders" o WHERE o."id" = NEW."order_id" FOR SHARE;
  IF order_account IS NOT DISTINCT FROM NEW."account_id" THEN
    INSERT INTO "report_stop_events" ("account_id", "event_id", "order_id", "stop_kind", "day",
        "occurred_at", "due")
      VALUES (NEW."account_id", NEW."id", NEW."order_id", NEW."stop_kind", NEW."day",
        NEW."occurred_at", order_due);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stop_events_report_write" AFTER INSERT OR DELETE ON "stop_events" FOR EACH ROW EXECUTE FUNCTION "tentpole_report_stop_event"();--> statement-breakpoint
CREATE TRIGGER "stop_events_report_update" AFTER UPDATE ON "stop_events" FOR EACH ROW WHEN (OLD."account_id" IS DISTINCT FROM NEW."account_id" OR OLD."id" IS DISTINCT FROM NEW."id" OR OLD."order_id" IS DISTINCT FROM NEW."order_id" OR OLD."stop_kind" IS DISTINCT FROM NEW."stop_kind" OR OLD."action" IS DISTINCT FROM NEW."action" OR OLD."day" IS DISTINCT FROM NEW."day" OR OLD."occurred_at" IS DISTINCT FROM NEW."occurred_at") EXECUTE FUNCTION "tentpole_report_stop_event"();--> statement-breakpoint
-- An order's windows (or account) changing: its stops' copies are written again from its events.
-- Every copy of the order's events is in the order's account as it was (OLD).
CREATE FUNCTION "tentpole_report_order_stops"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "report_stop_events"
    WHERE "account_id" = OLD."account_id" AND "order_id" = OLD."id";
  INSERT INTO "report_stop_events" ("account_id", "event_id", "order_id", "stop_kind", "day",
      "occurred_at", "due")
    SELECT e."account_id", e."id", NEW."id", e."stop_kind", e."day", e."occurred_at",
      CASE WHEN e."stop_kind" = 'pickup' THEN NEW."pickup_window"->>'end'
        ELSE NEW."delivery_window"->>'end' END
    FROM "stop_events" e
    WHERE e."account_id" = NEW."account_id" AND e."order_id" = NEW."id"
      AND e."action" IN ('delivered', 'picked_up');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_report_stops" AFTER UPDATE ON "orders" FOR EACH ROW WHEN (OLD."delivery_window" IS DISTINCT FROM NEW."delivery_window" OR OLD."pickup_window" IS DISTINCT FROM NEW."pickup_window" OR OLD."account_id" IS DISTINCT FROM NEW."account_id") EXECUTE FUNCTION "tentpole_report_order_stops"();--> statement-breakpoint
-- The stops done already there.
INSERT INTO "report_stop_events" ("account_id", "event_id", "order_id", "stop_kind", "day",
    "occurred_at", "due")
  SELECT e."account_id", e."id", e."order_id", e."stop_kind", e."day", e."occurred_at",
    CASE WHEN e."stop_kind" = 'pickup' THEN o."pickup_window"->>'end'
      ELSE o."delivery_window"->>'end' END
  FROM "stop_events" e JOIN "orders" o ON o."id" = e."order_id" AND o."account_id" = e."account_id"
  WHERE e."action" IN ('delivered', 'picked_up');
