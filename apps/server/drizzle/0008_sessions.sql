CREATE TABLE "auth_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
-- Every change to who may do what (users, memberships, accounts, a session ending) tells every server
-- instance, at commit, to drop its cached sessions (auth/session-cache.ts). Per statement: one
-- notice however many rows, and notices of one transaction are merged.
CREATE FUNCTION "tentpole_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tentpole_auth', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "tentpole_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "memberships_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "tentpole_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "accounts_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH STATEMENT EXECUTE FUNCTION "tentpole_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "auth_sessions_changed" AFTER UPDATE OR DELETE ON "auth_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tentpole_auth_changed"();--> statement-breakpoint
-- A password change ends the user's sessions, wherever it is made.
CREATE FUNCTION "tentpole_end_sessions_on_password"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_sessions" SET "revoked_at" = now() WHERE "user_id" = NEW."id" AND "revoked_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_password_ends_sessions" AFTER UPDATE OF "password_hash" ON "users" FOR EACH ROW WHEN (OLD."password_hash" IS DISTINCT FROM NEW."password_hash") EXECUTE FUNCTION "tentpole_end_sessions_on_password"();--> statement-breakpoint
-- Removing or suspending a member ends that user's sessions.
CREATE FUNCTION "tentpole_end_sessions_on_membership"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "auth_sessions" SET "revoked_at" = now() WHERE "user_id" = OLD."user_id" AND "revoked_at" IS NULL;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_removed_end_sessions" AFTER DELETE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "tentpole_end_sessions_on_membership"();--> statement-breakpoint
CREATE TRIGGER "memberships_suspended_end_sessions" AFTER UPDATE OF "suspended_at" ON "memberships" FOR EACH ROW WHEN (OLD."suspended_at" IS NULL AND NEW."suspended_at" IS NOT NULL) EXECUTE FUNCTION "tentpole_end_sessions_on_membership"();
