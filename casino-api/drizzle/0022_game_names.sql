CREATE TABLE "game_names" (
	"game_id" text NOT NULL,
	"locale" "locale" NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "game_names_game_id_locale_pk" PRIMARY KEY("game_id","locale")
);
--> statement-breakpoint
ALTER TABLE "game_names" ADD CONSTRAINT "game_names_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The names move from a column per language to a row per game and language (ADR 0039).
INSERT INTO "game_names" ("game_id", "locale", "name")
SELECT "id", 'es'::"locale", "name_es" FROM "games"
UNION ALL
SELECT "id", 'en'::"locale", "name_en" FROM "games";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "name_es";--> statement-breakpoint
ALTER TABLE "games" DROP COLUMN "name_en";