CREATE TABLE "session_limits" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"next_minutes" integer,
	"next_from" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "session_limits_minutes" CHECK ("session_limits"."minutes" > 0),
	CONSTRAINT "session_limits_next" CHECK ("session_limits"."next_minutes" IS NULL OR "session_limits"."next_from" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "ends_by_limit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_limits" ADD CONSTRAINT "session_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;