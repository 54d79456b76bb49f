CREATE TABLE "scheduled_bonus_grants" (
	"type" "bonus_type" NOT NULL,
	"period" text NOT NULL,
	"player_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"player_bonus_id" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_bonus_grants_type_period_player_id_pk" PRIMARY KEY("type","period","player_id"),
	CONSTRAINT "scheduled_bonus_grants_amount_positive" CHECK ("scheduled_bonus_grants"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "scheduled_bonus_grants" ADD CONSTRAINT "scheduled_bonus_grants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_bonus_grants" ADD CONSTRAINT "scheduled_bonus_grants_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_bonus_grants_bonus_key" ON "scheduled_bonus_grants" USING btree ("player_bonus_id");--> statement-breakpoint
-- The scheduled templates' terms say what the job grants (ADR 0055): the base of each bonus,
-- the casino's time zone, and that a player with an active bonus that day is skipped.
UPDATE bonus_templates SET
  terms_es = 'Cada lunes te devolvemos como bono el 10 % de tus pérdidas netas con dinero real de la semana anterior (de lunes a domingo: apuestas menos premios), hasta 100,00 €. Si ese día tienes otro bono activo, no se concede y te lo decimos en tu buzón. Se apuesta 3 veces en 7 días.',
  terms_en = 'Every Monday we pay back as a bonus 10 % of your net real-money losses of the week before (Monday to Sunday: stakes minus wins), up to €100.00. If you have another active bonus that day it is not granted, and your mailbox tells you so. It is wagered 3 times within 7 days.'
  WHERE type = 'weekly_cashback';--> statement-breakpoint
UPDATE bonus_templates SET
  terms_es = 'Cada miércoles recibes como bono el 25 % de lo que depositaste la semana anterior (de lunes a domingo, desde 10,00 €), hasta 50,00 €. Si ese día tienes otro bono activo, no se concede y te lo decimos en tu buzón. Se apuesta 3 veces en 7 días.',
  terms_en = 'Every Wednesday you get as a bonus 25 % of what you deposited the week before (Monday to Sunday, from €10.00), up to €50.00. If you have another active bonus that day it is not granted, and your mailbox tells you so. It is wagered 3 times within 7 days.'
  WHERE type = 'weekly_bonus';--> statement-breakpoint
UPDATE bonus_templates SET
  terms_es = 'El día 1 de cada mes, los jugadores que depositaron el mes anterior reciben un bono de 10,00 €. Si ese día tienes otro bono activo, no se concede y te lo decimos en tu buzón. Se apuesta 3 veces en 7 días.',
  terms_en = 'On the 1st of each month, players who deposited the month before get a €10.00 bonus. If you have another active bonus that day it is not granted, and your mailbox tells you so. It is wagered 3 times within 7 days.'
  WHERE type = 'monthly_bonus';
