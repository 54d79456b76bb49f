-- The built-in game provider's tables move to a schema of its own, created by its own migrations
-- (provider/drizzle/, ADR 0049). They are renamed here rather than dropped: the provider copies
-- their rows into its tables at its next start and drops them then (provider/server/db/adopt.ts),
-- so no round, seed pair or live bet is lost on the way.
ALTER TABLE "game_sessions" RENAME TO "provider_legacy_game_sessions";--> statement-breakpoint
ALTER TABLE "game_seeds" RENAME TO "provider_legacy_game_seeds";--> statement-breakpoint
ALTER TABLE "game_rounds" RENAME TO "provider_legacy_game_rounds";--> statement-breakpoint
ALTER TABLE "live_rounds" RENAME TO "provider_legacy_live_rounds";--> statement-breakpoint
ALTER TABLE "live_bets" RENAME TO "provider_legacy_live_bets";--> statement-breakpoint
ALTER TYPE "game_mode" RENAME TO "provider_legacy_game_mode";--> statement-breakpoint
ALTER TYPE "game_round_status" RENAME TO "provider_legacy_game_round_status";--> statement-breakpoint
ALTER TYPE "live_bet_status" RENAME TO "provider_legacy_live_bet_status";--> statement-breakpoint
ALTER TYPE "live_round_phase" RENAME TO "provider_legacy_live_round_phase";
