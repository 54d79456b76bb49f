CREATE TYPE "public"."live_bet_status" AS ENUM('pending', 'staked', 'settled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."live_round_phase" AS ENUM('betting', 'closed', 'result');--> statement-breakpoint
CREATE TABLE "live_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" uuid,
	"mode" "game_mode" NOT NULL,
	"currency" "currency" NOT NULL,
	"move_id" uuid NOT NULL,
	"stake" bigint NOT NULL,
	"bet" jsonb NOT NULL,
	"win" bigint,
	"status" "live_bet_status" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "live_bets_amounts" CHECK ("live_bets"."stake" > 0 AND ("live_bets"."win" IS NULL OR "live_bets"."win" >= 0))
);
--> statement-breakpoint
CREATE TABLE "live_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_id" text NOT NULL,
	"seq" integer NOT NULL,
	"phase" "live_round_phase" NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"betting_closes_at" timestamp with time zone NOT NULL,
	"result_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"outcome" jsonb,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_rounds" ADD CONSTRAINT "live_rounds_table_id_games_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_bets_move_key" ON "live_bets" USING btree ("session_id","move_id");--> statement-breakpoint
CREATE INDEX "live_bets_round_idx" ON "live_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "live_bets_player_idx" ON "live_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_table_seq_key" ON "live_rounds" USING btree ("table_id","seq");--> statement-breakpoint
CREATE INDEX "live_rounds_unsettled_idx" ON "live_rounds" USING btree ("table_id","settled_at");