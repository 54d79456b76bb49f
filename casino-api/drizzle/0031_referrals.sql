CREATE TABLE "referral_decisions" (
	"friend_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"amount" bigint,
	"payment_id" uuid NOT NULL,
	"player_bonus_id" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_decisions_outcome" CHECK ("referral_decisions"."outcome" IN ('granted', 'skipped', 'not_counted')),
	CONSTRAINT "referral_decisions_shape" CHECK (("referral_decisions"."outcome" = 'not_counted' AND "referral_decisions"."amount" IS NULL AND "referral_decisions"."player_bonus_id" IS NULL AND "referral_decisions"."reason" IS NOT NULL)
       OR ("referral_decisions"."outcome" = 'skipped' AND "referral_decisions"."amount" > 0 AND "referral_decisions"."player_bonus_id" IS NULL)
       OR ("referral_decisions"."outcome" = 'granted' AND "referral_decisions"."amount" > 0 AND "referral_decisions"."player_bonus_id" IS NOT NULL)),
	CONSTRAINT "referral_decisions_not_self" CHECK ("referral_decisions"."friend_id" <> "referral_decisions"."referrer_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "referred_by" uuid;--> statement-breakpoint
ALTER TABLE "referral_decisions" ADD CONSTRAINT "referral_decisions_friend_id_players_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_decisions" ADD CONSTRAINT "referral_decisions_referrer_id_players_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_decisions" ADD CONSTRAINT "referral_decisions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_decisions" ADD CONSTRAINT "referral_decisions_player_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("player_bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_decisions_referrer_idx" ON "referral_decisions" USING btree ("referrer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_decisions_bonus_key" ON "referral_decisions" USING btree ("player_bonus_id");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_referred_by_players_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."players"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "players_referral_code_key" ON "players" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "players_referred_by_idx" ON "players" USING btree ("referred_by");--> statement-breakpoint
ALTER TABLE "players" ADD CONSTRAINT "players_not_own_referrer" CHECK ("players"."referred_by" IS NULL OR "players"."referred_by" <> "players"."id");--> statement-breakpoint
-- Every existing player gets a referral code (ADR 0057): eight characters of the alphabet
-- without 0/O or 1/I/L, drawn per row (the subquery refers to the row, so it runs for each).
UPDATE players SET referral_code = (
  SELECT string_agg(substr('ABCDEFGHJKMNPQRSTUVWXYZ23456789', 1 + floor(random() * 31)::int, 1), '')
    FROM generate_series(1, 8) WHERE players.id IS NOT NULL
) WHERE referral_code IS NULL;--> statement-breakpoint
-- The refer-a-friend terms say what the casino API enforces (ADR 0057); only the texts as 0028
-- wrote them are replaced: an administrator's own text stays.
UPDATE bonus_templates SET terms_es = 'Por cada amigo que se registra con tu enlace y hace su primer depósito recibes un bono, una vez por amigo. No cuenta una segunda cuenta de la misma persona: un amigo con tu correo o tu teléfono (o los de otro amigo ya contado), o cuyo primer depósito se hizo con una tarjeta que tú u otro amigo ya contado habéis usado. Si cuando tu amigo deposita tienes otro bono activo, no se concede y te lo decimos en tu buzón. El bono se apuesta las veces indicadas, en los días indicados, antes de convertirse en dinero real.' WHERE type = 'refer_a_friend' AND terms_es = 'Por cada amigo que se registra con tu enlace y hace su primer depósito recibes un bono. El bono se apuesta las veces indicadas, en los días indicados, antes de convertirse en dinero real.';--> statement-breakpoint
UPDATE bonus_templates SET terms_en = 'For each friend who signs up through your link and makes a first deposit you get a bonus, once per friend. A second account of the same person does not count: a friend with your e-mail or phone (or those of a friend already counted), or whose first deposit was made with a card you or a friend already counted have used. If you have another active bonus when your friend deposits it is not granted, and your mailbox tells you so. The bonus is wagered the number of times shown, within the days shown, before it turns into real money.' WHERE type = 'refer_a_friend' AND terms_en = 'For each friend who signs up through your link and makes a first deposit you get a bonus. The bonus is wagered the number of times shown, within the days shown, before it turns into real money.';
