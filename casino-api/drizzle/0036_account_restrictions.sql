CREATE TYPE "public"."account_restriction_kind" AS ENUM('time_out', 'self_exclusion', 'closure');--> statement-breakpoint
CREATE TABLE "account_restrictions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" "account_restriction_kind" NOT NULL,
	"period" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ip" text
);
--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "restriction" "account_restriction_kind";--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "restricted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_restrictions" ADD CONSTRAINT "account_restrictions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_restrictions_player_idx" ON "account_restrictions" USING btree ("player_id","starts_at");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_restricted_until" CHECK ("players"."restriction" IS NOT NULL OR "players"."restricted_until" IS NULL);