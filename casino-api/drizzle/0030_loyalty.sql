ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'points';--> statement-breakpoint
CREATE TABLE "loyalty_program" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"points_per_unit" jsonb NOT NULL,
	"default_points_per_unit" integer NOT NULL,
	"points_per_cent" integer NOT NULL,
	"min_redeem_points" integer NOT NULL,
	"levels" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_program_one_row" CHECK ("loyalty_program"."id"),
	CONSTRAINT "loyalty_program_rates" CHECK ("loyalty_program"."default_points_per_unit" >= 0 AND "loyalty_program"."points_per_cent" > 0 AND "loyalty_program"."min_redeem_points" > 0)
);
--> statement-breakpoint
-- The ledger holds a player's loyalty points (their 'points' account, ADR 0054): the column that
-- nothing ever moved goes.
ALTER TABLE "players" DROP CONSTRAINT "players_loyalty_points_nonnegative";--> statement-breakpoint
ALTER TABLE "players" DROP COLUMN "loyalty_points";--> statement-breakpoint
-- The programme's figures (ADR 0054): 10 points per euro of real money staked, 2 on roulette and
-- the other table games, none on sports; 10 points per cent of bonus (1,000 points, €10.00
-- staked on slots, make €1.00), 1,000 points at least; four levels by lifetime points earned.
INSERT INTO "loyalty_program" ("id", "points_per_unit", "default_points_per_unit", "points_per_cent", "min_redeem_points", "levels") VALUES
  (true, '{"roulette": 2, "european-roulette": 2, "american-roulette": 2, "french-roulette": 2, "blackjack": 2, "baccarat": 2, "poker": 2, "casino-holdem": 2, "russian-poker": 2, "live-dealer": 2, "sports": 0}'::jsonb,
   10, 10, 1000,
   '[{"minPoints": 0, "nameEs": "Bronce", "nameEn": "Bronze"}, {"minPoints": 2000, "nameEs": "Plata", "nameEn": "Silver"}, {"minPoints": 10000, "nameEs": "Oro", "nameEn": "Gold"}, {"minPoints": 50000, "nameEs": "Platino", "nameEn": "Platinum"}]'::jsonb);--> statement-breakpoint
-- Applies casino-api/src/db/sql/: loyalty_earn, loyalty_unearn, wallet_bet, wallet_rollback, ledger_postings_inserted.
-- The loyalty points a bet earns (ADR 0054), in the bet's transaction, called by wallet_bet after
-- its ledger transaction: the real-money part of the stake only (bonus money earns none), at the
-- rate of the game's category in loyalty_program (points per currency unit staked, else its
-- default), rounded down. One ledger transaction 'loyalty_earn' (the player's 'points' account
-- up, a system loyalty account down, both counted in points), keyed by the bet's ledger
-- transaction, so a bet earns at most once. The system side is one of 64 accounts
-- ('loyalty_points:00' to ':63', picked by the player, as wallet_post picks 'games:NN'): with a
-- single one, every bet of every player would wait for the others' commits. The player's real
-- and bonus accounts are locked by the caller, so the points account, created here when missing,
-- is then locked by the posting after them, in the order every other writer of points takes
-- them. Answers the points.
CREATE OR REPLACE FUNCTION loyalty_earn(p_bet wallet_transactions) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_rate int;
  v_points bigint;
  v_account uuid;
  v_tx uuid;
BEGIN
  IF p_bet.kind <> 'bet' OR p_bet.real_amount <= 0 THEN RETURN 0; END IF;
  SELECT coalesce((l.points_per_unit ->> g.category)::int, l.default_points_per_unit) INTO v_rate
    FROM loyalty_program l LEFT JOIN games g ON g.id = p_bet.game_id;
  v_points := p_bet.real_amount * coalesce(v_rate, 0) / 100;
  IF v_points <= 0 THEN RETURN 0; END IF;
  INSERT INTO ledger_accounts (kind, player_id, currency, created_at)
    VALUES ('points', p_bet.player_id, p_bet.currency, p_bet.created_at) ON CONFLICT DO NOTHING;
  SELECT a.id INTO v_account FROM ledger_accounts a
    WHERE a.player_id = p_bet.player_id AND a.kind = 'points' AND a.currency = p_bet.currency;
  INSERT INTO ledger_transactions (kind, idempotency_key, player_id, currency, reference, meta, created_at)
    VALUES ('loyalty_earn', 'loyalty:earn:' || p_bet.ledger_transaction_id, p_bet.player_id, p_bet.currency,
            p_bet.ledger_transaction_id::text,
            jsonb_build_object('walletTransaction', p_bet.id, 'game', p_bet.game_id, 'stake', p_bet.real_amount,
                               'pointsPerUnit', v_rate),
            p_bet.created_at)
    RETURNING id INTO v_tx;
  INSERT INTO ledger_postings (transaction_id, account_id, amount)
    VALUES (v_tx, v_account, v_points),
           (v_tx, wallet_system_account('loyalty_points:' || lpad((hashtext(p_bet.player_id::text) & 63)::text, 2, '0'),
             p_bet.currency, p_bet.created_at), -v_points);
  RETURN v_points;
END
$$;
--> statement-breakpoint
-- A rolled-back bet's loyalty points go back (ADR 0054), in the rollback's transaction, called by
-- wallet_rollback: what the bet earned (its 'loyalty_earn'), at most what the points account
-- holds now (points redeemed since stay redeemed: a balance never goes below zero). One ledger
-- transaction 'loyalty_reverse', keyed by the bet's ledger transaction, with the system account
-- the earning used. The caller holds the
-- player's real and bonus accounts, so the points account is locked after them, as elsewhere.
CREATE OR REPLACE FUNCTION loyalty_unearn(p_bet wallet_transactions, p_at timestamptz) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  v_earned bigint;
  v_account uuid;
  v_balance bigint;
  v_points bigint;
  v_tx uuid;
BEGIN
  SELECT p.amount, p.account_id INTO v_earned, v_account
    FROM ledger_transactions t JOIN ledger_postings p ON p.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = p.account_id AND a.kind = 'points'
    WHERE t.idempotency_key = 'loyalty:earn:' || p_bet.ledger_transaction_id;
  IF v_earned IS NULL THEN RETURN 0; END IF;
  SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.id = v_account FOR UPDATE;
  v_points := least(v_earned, v_balance);
  IF v_points <= 0 THEN RETURN 0; END IF;
  INSERT INTO ledger_transactions (kind, idempotency_key, player_id, currency, reference, meta, created_at)
    VALUES ('loyalty_reverse', 'loyalty:reverse:' || p_bet.ledger_transaction_id, p_bet.player_id, p_bet.currency,
            p_bet.ledger_transaction_id::text, jsonb_build_object('walletTransaction', p_bet.id, 'earned', v_earned),
            p_at)
    RETURNING id INTO v_tx;
  INSERT INTO ledger_postings (transaction_id, account_id, amount)
    VALUES (v_tx, v_account, -v_points),
           (v_tx, wallet_system_account('loyalty_points:' || lpad((hashtext(p_bet.player_id::text) & 63)::text, 2, '0'),
             p_bet.currency, p_at), v_points);
  RETURN v_points;
END
$$;
--> statement-breakpoint
-- The provider wallet's bet, one statement (one round trip) in the caller's transaction;
-- wallet/games.ts calls it and turns its outcome into an answer. Answers jsonb {"outcome": ...,
-- "tx": <the wallet_transactions row>}: ok, replayed, conflict (the transaction id was used with
-- other params, or the round is of another game), player_not_found, player_not_active,
-- currency_mismatch, bet_rolled_back (its rollback came first), game_unavailable (not a game of
-- the provider's with a maximum multiplier), round_closed (the round has its win),
-- insufficient_funds. Real money is staked first, then bonus money; the stake counts toward
-- wagering (wallet_wager), and its real part earns loyalty points (loyalty_earn).
CREATE OR REPLACE FUNCTION wallet_bet(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_acc record;
  v_row wallet_transactions;
  v_real bigint;
  v_bonus bigint;
  v_closed boolean;
  v_other_game boolean;
BEGIN
  IF p_amount <= 0 THEN RAISE EXCEPTION 'a bet must stake more than zero' USING ERRCODE = '22023'; END IF;
  v_acc := wallet_open(p_player, p_currency, p_at);
  IF v_acc.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_acc.refusal); END IF;

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'bet', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;
  -- Only an active account stakes money (a win or a rollback is owed whatever the status).
  IF NOT v_acc.active THEN RETURN jsonb_build_object('outcome', 'player_not_active'); END IF;
  -- Its rollback came first (the provider gave up waiting): the bet must not take money now.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = p_provider AND w.kind = 'rollback'
             AND w.rolls_back = p_external_id) THEN
    RETURN jsonb_build_object('outcome', 'bet_rolled_back');
  END IF;
  -- A game the provider publishes with its maximum multiplier, or no win on it could be capped.
  IF NOT EXISTS (SELECT 1 FROM games g WHERE g.id = p_game AND g.provider = p_provider AND g.enabled
                 AND g.max_multiplier IS NOT NULL) THEN
    RETURN jsonb_build_object('outcome', 'game_unavailable');
  END IF;
  -- A win closed the round; and a round is of one game (its win is capped by that game's rules).
  SELECT bool_or(w.kind = 'win'), bool_or(w.game_id <> p_game) INTO v_closed, v_other_game
    FROM wallet_transactions w WHERE w.round_id = p_round AND w.provider = p_provider AND w.player_id = p_player;
  IF v_closed THEN RETURN jsonb_build_object('outcome', 'round_closed'); END IF;
  IF v_other_game THEN RETURN jsonb_build_object('outcome', 'conflict'); END IF;
  IF p_amount > v_acc.real_balance + v_acc.bonus_balance THEN
    RETURN jsonb_build_object('outcome', 'insufficient_funds');
  END IF;

  -- Real money first, then bonus money.
  v_real := least(p_amount, v_acc.real_balance);
  v_bonus := p_amount - v_real;
  INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
      real_amount, bonus_amount, ledger_transaction_id, real_after, bonus_after, created_at)
    VALUES (p_provider, p_external_id, 'bet', p_player, p_currency, p_round, p_game, p_amount, v_real, v_bonus,
      wallet_post('bet', p_provider, p_external_id, p_player, p_currency, p_round, p_game,
                  v_acc.real_id, -v_real, v_acc.bonus_id, -v_bonus, p_at),
      v_acc.real_balance - v_real, v_acc.bonus_balance - v_bonus, p_at)
    RETURNING * INTO v_row;
  PERFORM wallet_wager(v_row.id, p_player, p_currency, v_real, v_bonus, p_at);
  PERFORM loyalty_earn(v_row);
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
--> statement-breakpoint
-- The provider wallet's rollback of a bet, one statement in the caller's transaction;
-- wallet/games.ts calls it. Answers as wallet_bet, with the outcomes ok, replayed, conflict,
-- player_not_found, currency_mismatch, already_rolled_back, rollback_after_win (a settled round
-- stays settled). The stake goes back to the accounts it came from and no longer counts toward
-- wagering, and the loyalty points it earned go back (loyalty_unearn); a rollback whose bet has
-- not arrived is remembered, so that the bet, if it comes late, is refused.
CREATE OR REPLACE FUNCTION wallet_rollback(p_provider text, p_external_id text, p_bet_external_id text, p_player uuid,
  p_currency currency, p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_acc record;
  v_row wallet_transactions;
  v_bet wallet_transactions;
  v_ledger uuid;
  c record;
BEGIN
  v_acc := wallet_open(p_player, p_currency, p_at);
  IF v_acc.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_acc.refusal); END IF;

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN
    RETURN wallet_replay(v_row, 'rollback', p_player, p_currency, p_round, p_game, NULL, p_bet_external_id);
  END IF;

  SELECT * INTO v_bet FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_bet_external_id;
  IF FOUND AND (v_bet.kind <> 'bet' OR v_bet.player_id <> p_player OR v_bet.round_id <> p_round) THEN
    RETURN jsonb_build_object('outcome', 'conflict');
  END IF;
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = p_provider AND w.kind = 'rollback'
             AND w.rolls_back = p_bet_external_id) THEN
    RETURN jsonb_build_object('outcome', 'already_rolled_back');
  END IF;

  IF v_bet.id IS NULL THEN
    -- The bet never arrived (or not yet): remember the rollback, so that the bet, if it comes
    -- late, is refused instead of taking the money. Nothing moves.
    INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
        rolls_back, real_after, bonus_after, created_at)
      VALUES (p_provider, p_external_id, 'rollback', p_player, p_currency, p_round, p_game, 0, p_bet_external_id,
        v_acc.real_balance, v_acc.bonus_balance, p_at)
      RETURNING * INTO v_row;
    RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
  END IF;

  -- A settled round stays settled: the win was paid on this stake.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = p_provider AND w.round_id = p_round
             AND w.player_id = p_player AND w.kind = 'win') THEN
    RETURN jsonb_build_object('outcome', 'rollback_after_win');
  END IF;

  v_ledger := wallet_post('rollback', p_provider, p_external_id, p_player, p_currency, p_round, p_game,
                          v_acc.real_id, v_bet.real_amount, v_acc.bonus_id, v_bet.bonus_amount, p_at);
  INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
      real_amount, bonus_amount, ledger_transaction_id, rolls_back, real_after, bonus_after, created_at)
    VALUES (p_provider, p_external_id, 'rollback', p_player, p_currency, p_round, p_game, v_bet.amount,
      v_bet.real_amount, v_bet.bonus_amount, v_ledger, p_bet_external_id,
      v_acc.real_balance + v_bet.real_amount, v_acc.bonus_balance + v_bet.bonus_amount, p_at)
    RETURNING * INTO v_row;
  PERFORM loyalty_unearn(v_bet, p_at);
  -- The stake no longer counts toward wagering.
  FOR c IN SELECT wc.requirement_id, wc.amount FROM wagering_contributions wc WHERE wc.wallet_transaction_id = v_bet.id
           ORDER BY wc.requirement_id
  LOOP
    UPDATE wagering_requirements SET wagered = wagered - c.amount, met_at = NULL WHERE id = c.requirement_id;
  END LOOP;
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
--> statement-breakpoint
-- The ledger's rules, for every code that writes postings, once per INSERT statement on
-- ledger_postings. Run by the trigger ledger_postings_inserted (AFTER INSERT, each statement, its
-- postings as new_postings; declared by migration 0013).
-- - Each posting is in the currency of its transaction.
-- - Balances move with their postings (a player's never below zero: the CHECK of
--   ledger_accounts), and each posting counts one more on its account's balance_version under
--   the row lock that moves the balance: a player's balance version (the contract's
--   Balance.version) is the sum over their real and bonus accounts.
-- - The postings of every transaction touched sum to zero, checked when the statement ends: a
--   ledger transaction's postings are written by one statement (ledger.ts's post() and
--   wallet_post do), and a posting added to a balanced transaction later is refused at once.
-- - Every player whose balance moved gets one 'balance_changed' event (contract/events.ts) with
--   the balances and version after the statement, in realtime_outbox: written in the money's
--   transaction, sent after its commit by realtime_relay (a NOTIFY in the money's transaction
--   would make every wallet commit wait for the others; ADR 0022, ADR 0025). Loyalty points
--   (a player's 'points' account, ADR 0054) are no money: moving them sends no such event.
CREATE OR REPLACE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_owner uuid;
  v_currency currency;
  v_tx uuid;
  v_tx_currency currency;
  v_tx_kind text;
  v_many_tx boolean := false;
  v_player uuid;
  v_money currency;
  v_player_tx uuid;
  v_player_kind text;
  v_many boolean := false;
BEGIN
  -- Balances move posting by posting, in the order of the statement's rows: writers put player
  -- accounts first, then system accounts, each by id, the order in which they lock them
  -- elsewhere, so two writers never wait for each other in a circle. An account in another
  -- currency than its posting's transaction is refused.
  FOR r IN SELECT n.id, n.account_id, n.amount, n.transaction_id FROM new_postings n ORDER BY n.id LOOP
    IF v_tx IS DISTINCT FROM r.transaction_id THEN
      v_many_tx := v_tx IS NOT NULL;
      v_tx := r.transaction_id;
      SELECT t.currency, t.kind INTO v_tx_currency, v_tx_kind FROM ledger_transactions t WHERE t.id = v_tx;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + r.amount, balance_version = a.balance_version + 1
      WHERE a.id = r.account_id AND a.currency = v_tx_currency
      RETURNING CASE WHEN a.kind IN ('real', 'bonus') THEN a.player_id END, a.currency INTO v_owner, v_currency;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger posting % is not in the currency of its transaction', r.id USING ERRCODE = '23514';
    END IF;
    IF v_owner IS NOT NULL THEN
      IF v_player IS NULL THEN
        v_player := v_owner; v_money := v_currency; v_player_tx := v_tx; v_player_kind := v_tx_kind;
      ELSIF v_player <> v_owner OR v_money <> v_currency OR v_player_tx <> v_tx THEN
        v_many := true;
      END IF;
    END IF;
  END LOOP;
  IF v_tx IS NULL THEN
    RETURN NULL;
  END IF;
  -- Every transaction touched sums to zero, its earlier postings included.
  IF NOT v_many_tx THEN
    IF (SELECT sum(p.amount) FROM ledger_postings p WHERE p.transaction_id = v_tx) <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance', v_tx USING ERRCODE = '23514';
    END IF;
  ELSE
    FOR r IN SELECT s.transaction_id FROM (SELECT DISTINCT n.transaction_id FROM new_postings n) s
             WHERE (SELECT sum(p.amount) FROM ledger_postings p WHERE p.transaction_id = s.transaction_id) <> 0
             LIMIT 1
    LOOP
      RAISE EXCEPTION 'ledger transaction % does not balance', r.transaction_id USING ERRCODE = '23514';
    END LOOP;
  END IF;
  IF v_player IS NULL THEN
    RETURN NULL;
  END IF;
  -- One event per transaction and player moved, with the balances after the statement. Every
  -- lookup by key, so that no plan made while the tables were small scans them whole later.
  INSERT INTO realtime_outbox (payload)
    SELECT json_build_object(
      'playerId', m.player_id,
      'event', json_build_object(
        'type', 'balance_changed',
        'at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'balance', json_build_object('currency', m.currency, 'total', b.real_balance + b.bonus_balance,
                                     'real', b.real_balance, 'bonus', b.bonus_balance, 'version', b.version),
        'reason', CASE
          WHEN m.kind IN ('deposit', 'withdrawal', 'bet', 'win', 'rollback') THEN m.kind
          WHEN m.kind LIKE 'bonus%' THEN 'bonus'
          ELSE 'adjustment' END
      )
    )::text
    FROM (SELECT v_player AS player_id, v_money AS currency, v_player_tx AS transaction_id, v_player_kind AS kind
          WHERE NOT v_many
          UNION ALL
          SELECT e.player_id, e.currency, e.transaction_id,
                 (SELECT t.kind FROM ledger_transactions t WHERE t.id = e.transaction_id)
          FROM (SELECT DISTINCT a.player_id, a.currency, n.transaction_id
                FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id
                WHERE v_many AND a.player_id IS NOT NULL AND a.kind IN ('real', 'bonus')) e) m
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.balance) FILTER (WHERE x.kind = 'real'), 0) AS real_balance,
             coalesce(sum(x.balance) FILTER (WHERE x.kind = 'bonus'), 0) AS bonus_balance,
             coalesce(sum(x.balance_version) FILTER (WHERE x.kind IN ('real', 'bonus')), 0) AS version
      FROM ledger_accounts x WHERE x.player_id = m.player_id AND x.currency = m.currency) b
    ORDER BY m.player_id, m.transaction_id;
  RETURN NULL;
END
$$;
