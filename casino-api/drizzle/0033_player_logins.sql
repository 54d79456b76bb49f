CREATE TABLE "player_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"access_token_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"country_code" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "player_logins" ADD CONSTRAINT "player_logins_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_logins_player_idx" ON "player_logins" USING btree ("player_id","at");