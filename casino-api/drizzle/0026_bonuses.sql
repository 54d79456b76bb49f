CREATE TYPE "public"."bonus_type" AS ENUM('welcome_deposit', 'reload_deposit', 'weekly_cashback', 'weekly_bonus', 'monthly_bonus', 'refer_a_friend', 'loyalty', 'bonus_code');--> statement-breakpoint
CREATE TYPE "public"."player_bonus_status" AS ENUM('active', 'converted', 'expired', 'forfeited', 'cancelled');--> statement-breakpoint
CREATE TABLE "bonus_irregular_stakes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bonus_irregular_stakes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"player_bonus_id" uuid NOT NULL,
	"wallet_transaction_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"stake" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonus_templates" (
	"type" "bonus_type" PRIMARY KEY NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"terms_es" text NOT NULL,
	"terms_en" text NOT NULL,
	"percent" integer,
	"amount" bigint,
	"min_deposit" bigint,
	"max_bonus" bigint,
	"wagering_multiplier" integer NOT NULL,
	"game_weights" jsonb NOT NULL,
	"default_weight" integer DEFAULT 100 NOT NULL,
	"validity_days" integer NOT NULL,
	"weekdays" integer[],
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_templates_wagering_positive" CHECK ("bonus_templates"."wagering_multiplier" > 0),
	CONSTRAINT "bonus_templates_validity_positive" CHECK ("bonus_templates"."validity_days" > 0),
	CONSTRAINT "bonus_templates_default_weight" CHECK ("bonus_templates"."default_weight" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"type" "bonus_type" NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "player_bonus_status" NOT NULL,
	"source_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"deposit" bigint,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"game_weights" jsonb NOT NULL,
	"default_weight" integer NOT NULL,
	"cash_out_cap" bigint,
	"irregular_stake_above" bigint NOT NULL,
	"grant_transaction_id" uuid NOT NULL,
	"requirement_id" uuid NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"close_transaction_id" uuid,
	"closed_amount" bigint,
	"converted_amount" bigint,
	CONSTRAINT "player_bonuses_closed" CHECK (("player_bonuses"."status" = 'active') = ("player_bonuses"."closed_at" IS NULL)),
	CONSTRAINT "player_bonuses_amount_positive" CHECK ("player_bonuses"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claim_bonus" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_irregular_stakes" ADD CONSTRAINT "bonus_irregular_stakes_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_grant_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("grant_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_requirement_id_wagering_requirements_id_fk" FOREIGN KEY ("requirement_id") REFERENCES "public"."wagering_requirements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_close_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("close_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_irregular_stakes_bonus_idx" ON "bonus_irregular_stakes" USING btree ("player_bonus_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_source_key" ON "player_bonuses" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_one_active" ON "player_bonuses" USING btree ("player_id") WHERE "player_bonuses"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_requirement_key" ON "player_bonuses" USING btree ("requirement_id");--> statement-breakpoint
CREATE INDEX "player_bonuses_player_idx" ON "player_bonuses" USING btree ("player_id","granted_at");--> statement-breakpoint
CREATE INDEX "player_bonuses_expiry_idx" ON "player_bonuses" USING btree ("expires_at") WHERE "player_bonuses"."status" = 'active';--> statement-breakpoint
-- The bonus templates, from the figures the promotion texts gave (issue 19 withdrew them until
-- bonuses existed) and the site settings (the wagering multiple 3); the administrator edits them.
-- A stake counts toward a bonus's turnover by its game's category: slots and the rest 100 %, the
-- table games less (game_weights, per cent).
INSERT INTO bonus_templates (type, name_es, name_en, terms_es, terms_en, percent, amount, min_deposit, max_bonus,
    wagering_multiplier, game_weights, default_weight, validity_days, weekdays) VALUES
  ('welcome_deposit', 'Bono de bienvenida', 'Welcome bonus', 'Tu primer depósito recibe un bono del 100 % hasta 200,00 €, desde 10,00 €. El bono se apuesta 3 veces en 30 días; las tragaperras cuentan al 100 % y los juegos de mesa menos. Lo ganado solo con el bono se puede retirar hasta 50 veces el depósito.', 'Your first deposit earns a 100 % bonus up to €200.00, from €10.00. The bonus is wagered 3 times within 30 days; slots count 100 % and table games less. Winnings made with the bonus alone can be withdrawn up to 50 times the deposit.', 100, NULL, 1000, 20000, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 30, NULL),
  ('reload_deposit', 'Bono de recarga', 'Reload bonus', 'Cada depósito después del primero recibe un bono del 50 % hasta 100,00 €, desde 20,00 €, si no tienes otro bono activo. El bono se apuesta 3 veces en 14 días.', 'Every deposit after the first earns a 50 % bonus up to €100.00, from €20.00, when you have no other active bonus. The bonus is wagered 3 times within 14 days.', 50, NULL, 2000, 10000, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 14, NULL),
  ('weekly_cashback', 'Cashback de los lunes', 'Monday cashback', 'Cada lunes te devolvemos como bono el 10 % de tus pérdidas con dinero real de la semana anterior, hasta 100,00 €. Se apuesta 3 veces en 7 días.', 'Every Monday we pay back 10 % of your real-money losses of the week before as a bonus, up to €100.00. It is wagered 3 times within 7 days.', 10, NULL, NULL, 10000, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 7, '{1}'),
  ('weekly_bonus', 'Bono de los miércoles', 'Wednesday bonus', 'Los miércoles, tu primer depósito del día (desde 10,00 €) recibe un bono del 25 % hasta 50,00 €. Se apuesta 3 veces en 7 días.', 'On Wednesdays, your first deposit of the day (from €10.00) earns a 25 % bonus up to €50.00. It is wagered 3 times within 7 days.', 25, NULL, 1000, 5000, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 7, '{3}'),
  ('monthly_bonus', 'Bono mensual', 'Monthly bonus', 'El día 1 de cada mes, los jugadores que depositaron el mes anterior reciben un bono de 10,00 €. Se apuesta 3 veces en 7 días.', 'On the 1st of each month, players who deposited the month before get a €10.00 bonus. It is wagered 3 times within 7 days.', NULL, 1000, NULL, NULL, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 7, NULL),
  ('refer_a_friend', 'Invita a un amigo', 'Refer a friend', 'Por cada amigo que se registra con tu enlace y hace su primer depósito recibes un bono de 20,00 €. Se apuesta 3 veces en 30 días.', 'For each friend who signs up through your link and makes a first deposit you get a €20.00 bonus. It is wagered 3 times within 30 days.', NULL, 2000, NULL, NULL, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 30, NULL),
  ('loyalty', 'Bono de fidelidad', 'Loyalty bonus', 'Los puntos de fidelidad se canjean por un bono que se apuesta 3 veces en 30 días.', 'Loyalty points are exchanged for a bonus that is wagered 3 times within 30 days.', NULL, NULL, NULL, NULL, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 30, NULL),
  ('bonus_code', 'Código de bono', 'Bonus code', 'Un código de bono da el bono que anuncia; se apuesta 3 veces en 14 días.', 'A bonus code gives the bonus it announces; it is wagered 3 times within 14 days.', NULL, NULL, NULL, NULL, 3, '{"roulette": 20, "european-roulette": 20, "american-roulette": 20, "french-roulette": 20, "blackjack": 10, "baccarat": 10, "poker": 10, "video-poker": 20, "casino-holdem": 10, "russian-poker": 10, "live-dealer": 10, "sic-bo": 20, "card": 20, "andar-bahar": 20, "teen-patti": 20, "hi-lo-switch": 50, "dice": 50, "sports": 0}'::jsonb, 100, 14, NULL);--> statement-breakpoint
-- Applies casino-api/src/db/sql/: wallet_wager.
-- The wagering rule of a bet (all of the wagering rules are in SQL: ADR 0041): its stake goes
-- to the player's open requirements, oldest first, the real part to deposit requirements and the
-- whole stake to the active bonus's requirement, weighted by the game's category with that
-- bonus's weights (player_bonuses.game_weights, else its default weight; ADR 0052), each taking
-- what it still needs until the part is spent; what each got is recorded in
-- wagering_contributions (a rollback gives it back: wallet_rollback). A bonus requirement counts
-- only while its bonus is active. One statement: every requirement's share is the part left
-- after the older ones of its kind (a player has one active bonus, so one bonus requirement
-- takes stakes). The player's accounts are locked by the calling function, and only the
-- wallet's functions change requirements once they exist, so nothing moves them in between. A
-- stake above the active bonus's irregular-play threshold is flagged for the administrator
-- (bonus_irregular_stakes).
CREATE OR REPLACE FUNCTION wallet_wager(p_wallet_tx uuid, p_player uuid, p_currency currency, p_real bigint,
  p_bonus bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_category text;
  v_game text;
BEGIN
  SELECT g.category, w.game_id INTO v_category, v_game
    FROM wallet_transactions w LEFT JOIN games g ON g.id = w.game_id WHERE w.id = p_wallet_tx;
  WITH open AS (
    SELECT w.id, w.required - w.wagered AS open,
           CASE w.kind WHEN 'deposit' THEN p_real
             ELSE (p_real + p_bonus) * coalesce((b.game_weights ->> v_category)::int, b.default_weight) / 100 END
             - (sum(w.required - w.wagered) OVER (PARTITION BY w.kind ORDER BY w.created_at, w.id)
                - (w.required - w.wagered)) AS left_before
    FROM wagering_requirements w LEFT JOIN player_bonuses b ON b.requirement_id = w.id
    WHERE w.player_id = p_player AND w.currency = p_currency AND w.met_at IS NULL
      AND (w.kind = 'deposit' OR b.status = 'active')
  ), took AS (
    UPDATE wagering_requirements w
      SET wagered = w.wagered + least(o.open, o.left_before),
          met_at = CASE WHEN o.left_before >= o.open THEN p_at END
      FROM open o
      WHERE w.id = o.id AND o.left_before > 0
      RETURNING w.id, least(o.open, o.left_before) AS amount
  )
  INSERT INTO wagering_contributions (wallet_transaction_id, requirement_id, amount)
    SELECT p_wallet_tx, t.id, t.amount FROM took t;
  INSERT INTO bonus_irregular_stakes (player_bonus_id, wallet_transaction_id, game_id, stake, threshold, created_at)
    SELECT b.id, p_wallet_tx, v_game, p_real + p_bonus, b.irregular_stake_above, p_at
    FROM player_bonuses b
    WHERE b.player_id = p_player AND b.currency = p_currency AND b.status = 'active'
      AND p_real + p_bonus > b.irregular_stake_above;
END
$$;
