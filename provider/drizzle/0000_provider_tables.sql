CREATE TYPE "public"."currency" AS ENUM('EUR', 'INR');--> statement-breakpoint
CREATE TYPE "public"."game_mode" AS ENUM('demo', 'real');--> statement-breakpoint
CREATE TYPE "public"."game_round_status" AS ENUM('open', 'settled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."live_bet_status" AS ENUM('pending', 'staked', 'settled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."live_round_phase" AS ENUM('betting', 'closed', 'result');--> statement-breakpoint
CREATE TYPE "public"."locale" AS ENUM('es', 'en');--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"player_id" uuid,
	"mode" "game_mode" NOT NULL,
	"seed_id" uuid NOT NULL,
	"nonce" integer NOT NULL,
	"move_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint,
	"status" "game_round_status" NOT NULL,
	"bet" jsonb NOT NULL,
	"actions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"pending" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_rounds_amounts" CHECK ("game_rounds"."stake" >= 0 AND ("game_rounds"."win" IS NULL OR "game_rounds"."win" >= 0))
);
--> statement-breakpoint
CREATE TABLE "game_seeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid,
	"session_id" uuid,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "game_seeds_owner" CHECK (("game_seeds"."player_id" IS NULL) <> ("game_seeds"."session_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"game_id" text NOT NULL,
	"player_id" uuid,
	"access_token_id" uuid,
	"mode" "game_mode" NOT NULL,
	"currency" "currency" NOT NULL,
	"demo_balance" bigint,
	"language" "locale" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_sessions_real_player" CHECK ("game_sessions"."mode" = 'demo' OR "game_sessions"."player_id" IS NOT NULL),
	CONSTRAINT "game_sessions_demo_balance" CHECK ("game_sessions"."demo_balance" IS NULL OR "game_sessions"."demo_balance" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_game_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_round_id_live_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."live_rounds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_bets" ADD CONSTRAINT "live_bets_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce_key" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_move_key" ON "game_rounds" USING btree ("session_id","move_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_idx" ON "game_rounds" USING btree ("player_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_session_idx" ON "game_rounds" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_player_active_key" ON "game_seeds" USING btree ("player_id") WHERE "game_seeds"."revealed_at" IS NULL AND "game_seeds"."player_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_session_active_key" ON "game_seeds" USING btree ("session_id") WHERE "game_seeds"."revealed_at" IS NULL AND "game_seeds"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_expires_idx" ON "game_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_bets_move_key" ON "live_bets" USING btree ("session_id","move_id");--> statement-breakpoint
CREATE INDEX "live_bets_round_idx" ON "live_bets" USING btree ("round_id","status");--> statement-breakpoint
CREATE INDEX "live_bets_player_idx" ON "live_bets" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_rounds_table_seq_key" ON "live_rounds" USING btree ("table_id","seq");--> statement-breakpoint
CREATE INDEX "live_rounds_unsettled_idx" ON "live_rounds" USING btree ("table_id","settled_at");