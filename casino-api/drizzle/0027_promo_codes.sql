CREATE TABLE "promo_code_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"player_id" uuid NOT NULL,
	"player_bonus_id" uuid,
	"request_key" text,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"bonus_type" "bonus_type" NOT NULL,
	"amount" bigint,
	"max_uses" integer NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_kind" CHECK (("promo_codes"."bonus_type" = 'bonus_code') = ("promo_codes"."amount" IS NOT NULL)),
	CONSTRAINT "promo_codes_deposit_kind" CHECK ("promo_codes"."bonus_type" IN ('welcome_deposit', 'reload_deposit', 'bonus_code')),
	CONSTRAINT "promo_codes_amount_positive" CHECK ("promo_codes"."amount" IS NULL OR "promo_codes"."amount" > 0),
	CONSTRAINT "promo_codes_uses" CHECK ("promo_codes"."uses" BETWEEN 0 AND "promo_codes"."max_uses"),
	CONSTRAINT "promo_codes_window" CHECK ("promo_codes"."valid_from" IS NULL OR "promo_codes"."valid_until" IS NULL OR "promo_codes"."valid_from" < "promo_codes"."valid_until")
);
--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_bonus_type_bonus_templates_type_fk" FOREIGN KEY ("bonus_type") REFERENCES "public"."bonus_templates"("type") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_players_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_once" ON "promo_code_uses" USING btree ("promo_code_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_bonus_key" ON "promo_code_uses" USING btree ("player_bonus_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_player_idx" ON "promo_code_uses" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_key" ON "promo_codes" USING btree (upper("code"));