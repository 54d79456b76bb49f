CREATE TYPE "public"."deposit_limit_period" AS ENUM('day', 'week', 'month');--> statement-breakpoint
CREATE TABLE "deposit_limit_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"period" "deposit_limit_period" NOT NULL,
	"change" text NOT NULL,
	"from_amount" bigint,
	"to_amount" bigint,
	"at" timestamp with time zone NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "deposit_limits" (
	"player_id" uuid NOT NULL,
	"period" "deposit_limit_period" NOT NULL,
	"amount" bigint NOT NULL,
	"next_amount" bigint,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_limits_player_id_period_pk" PRIMARY KEY("player_id","period"),
	CONSTRAINT "deposit_limits_amount" CHECK ("deposit_limits"."amount" > 0),
	CONSTRAINT "deposit_limits_next" CHECK ("deposit_limits"."next_amount" IS NULL OR "deposit_limits"."next_from" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "deposit_limit_changes" ADD CONSTRAINT "deposit_limit_changes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD CONSTRAINT "deposit_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_limit_changes_player_idx" ON "deposit_limit_changes" USING btree ("player_id","at");