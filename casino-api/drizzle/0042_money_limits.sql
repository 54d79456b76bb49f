CREATE TYPE "public"."money_limit_kind" AS ENUM('deposit', 'loss');--> statement-breakpoint
CREATE TABLE "money_limit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" "money_limit_kind" NOT NULL,
	"period" "deposit_limit_period" NOT NULL,
	"change" text NOT NULL,
	"from_amount" bigint,
	"to_amount" bigint,
	"at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "money_limits" (
	"player_id" uuid NOT NULL,
	"kind" "money_limit_kind" NOT NULL,
	"period" "deposit_limit_period" NOT NULL,
	"amount" bigint NOT NULL,
	"next_amount" bigint,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_limits_player_id_kind_period_pk" PRIMARY KEY("player_id","kind","period"),
	CONSTRAINT "money_limits_amount" CHECK ("money_limits"."amount" > 0),
	CONSTRAINT "money_limits_next" CHECK ("money_limits"."next_amount" IS NULL OR "money_limits"."next_from" IS NOT NULL)
);
--> statement-breakpoint
-- Deposit limits (ADR 0061) become the "deposit" kind of the money limits, beside loss limits (ADR 0064): their rows move over.
INSERT INTO "money_limits" ("player_id", "kind", "period", "amount", "next_amount", "next_from", "updated_at")
  SELECT "player_id", 'deposit', "period", "amount", "next_amount", "next_from", "updated_at" FROM "deposit_limits";--> statement-breakpoint
INSERT INTO "money_limit_changes" ("id", "player_id", "kind", "period", "change", "from_amount", "to_amount", "at", "ip")
  SELECT "id", "player_id", 'deposit', "period", "change", "from_amount", "to_amount", "at", "ip" FROM "deposit_limit_changes";--> statement-breakpoint
DROP TABLE "deposit_limit_changes" CASCADE;--> statement-breakpoint
DROP TABLE "deposit_limits" CASCADE;--> statement-breakpoint
ALTER TABLE "money_limit_changes" ADD CONSTRAINT "money_limit_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_limits" ADD CONSTRAINT "money_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_limit_changes_player_idx" ON "money_limit_changes" USING btree ("player_id","at");