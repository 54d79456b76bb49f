ALTER TABLE "game_rounds" ADD COLUMN "pending" jsonb;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "access_token_id" uuid;--> statement-breakpoint
-- Real rounds left open by the code before the lock: held by their opening move since long ago,
-- so the next launch stakes (or replays the stake of) each one before it is played or paid.
UPDATE "game_rounds" SET "pending" = jsonb_build_object('moveId', "move_id", 'at', '1970-01-01T00:00:00.000Z')
  WHERE "mode" = 'real' AND "status" = 'open';
