CREATE TABLE "reality_checks" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reality_checks_minutes" CHECK ("reality_checks"."minutes" > 0)
);
--> statement-breakpoint
ALTER TABLE "reality_checks" ADD CONSTRAINT "reality_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;