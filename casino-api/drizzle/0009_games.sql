CREATE TYPE "public"."game_mode" AS ENUM('demo', 'real');--> statement-breakpoint
CREATE TYPE "public"."game_round_status" AS ENUM('open', 'settled', 'cancelled');--> statement-breakpoint
CREATE TABLE "game_favourites" (
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourites_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
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
CREATE TABLE "games" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"category" text NOT NULL,
	"live" boolean DEFAULT false NOT NULL,
	"has_demo" boolean DEFAULT true NOT NULL,
	"rtp_basis_points" integer,
	"volatility" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"min_bet" bigint NOT NULL,
	"max_bet" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_favourites" ADD CONSTRAINT "game_favourites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_session_id_game_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."game_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_seed_id_game_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seeds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seeds" ADD CONSTRAINT "game_seeds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_seed_nonce_key" ON "game_rounds" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_move_key" ON "game_rounds" USING btree ("session_id","move_id");--> statement-breakpoint
CREATE INDEX "game_rounds_player_idx" ON "game_rounds" USING btree ("player_id","mode","created_at");--> statement-breakpoint
CREATE INDEX "game_rounds_session_idx" ON "game_rounds" USING btree ("session_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_player_active_key" ON "game_seeds" USING btree ("player_id") WHERE "game_seeds"."revealed_at" IS NULL AND "game_seeds"."player_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "game_seeds_session_active_key" ON "game_seeds" USING btree ("session_id") WHERE "game_seeds"."revealed_at" IS NULL AND "game_seeds"."session_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_key" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_expires_idx" ON "game_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "games_category_idx" ON "games" USING btree ("category","sort_order");