ALTER TABLE "players" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "dormancy_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "dormant_closed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "players" p SET "last_login_at" = l.at
  FROM (SELECT "player_id", max("at") AS at FROM "player_logins" GROUP BY "player_id") l
  WHERE l."player_id" = p."id";
