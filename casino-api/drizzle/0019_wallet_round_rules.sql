-- The wallet protects itself from its providers (ADR 0036; hand-written: drizzle-kit does not
-- generate functions). Same calls and answers as 0014, with these rules added:
-- - a bet needs a game its provider publishes with a maximum multiplier (games.max_multiplier),
--   and a round is of one game;
-- - a win closes its round: later bets and wins on it are refused ('round_closed'), replays
--   still answer the first answer;
-- - a win above the game's maximum multiplier times the round's standing stake is refused;
-- - the part of a win that would take the player's net winnings of the last 24 hours past the
--   limit is held in the system account 'winnings_held' (held_winnings) instead of credited.
-- Balances past the safe integer range are refused by ledger_accounts_player_balance_safe (0018).

-- The net winnings limit of a currency, in its cents: the settings' maxNetWinningsPerDay (in the
-- site's currency; 5 000 EUR when unset, as DEFAULT_SETTINGS) converted at fixed reference
-- rates for the accounts in another currency (ADR 0036: 100 INR per EUR).
CREATE FUNCTION net_winnings_limit(p_currency currency) RETURNS bigint
LANGUAGE sql STABLE AS $$
  WITH rate(currency, per_eur) AS (VALUES ('EUR'::currency, 1), ('INR'::currency, 100)),
  site AS (
    SELECT coalesce((SELECT (s.value ->> 'maxNetWinningsPerDay')::bigint FROM settings s WHERE s.key = 'limits'),
                    500000) AS amount,
           coalesce((SELECT (s.value #>> '{}')::currency FROM settings s WHERE s.key = 'currency'),
                    'EUR'::currency) AS currency
  )
  SELECT site.amount * mine.per_eur / theirs.per_eur
  FROM site JOIN rate theirs ON theirs.currency = site.currency JOIN rate mine ON mine.currency = p_currency
$$;
--> statement-breakpoint
-- A system account of the currency by its code, created on first use.
CREATE FUNCTION wallet_system_account(p_code text, p_currency currency, p_at timestamptz) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = p_code AND a.currency = p_currency;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, code, currency, created_at) VALUES ('system', p_code, p_currency, p_at)
      ON CONFLICT DO NOTHING;
    SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = p_code AND a.currency = p_currency;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- As in 0014, with the part of a win that is held: it goes to 'winnings_held' instead of the
-- player's accounts (the default 0 keeps the calls of wallet_bet and wallet_rollback as they are).
DROP FUNCTION wallet_post(text, text, text, uuid, currency, text, text, uuid, bigint, uuid, bigint, timestamptz);
--> statement-breakpoint
CREATE FUNCTION wallet_post(p_kind text, p_provider text, p_external_id text, p_player uuid, p_currency currency,
  p_round text, p_game text, p_real_id uuid, p_real bigint, p_bonus_id uuid, p_bonus bigint, p_at timestamptz,
  p_held bigint DEFAULT 0)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_games uuid := wallet_system_account('games:' || lpad((hashtext(p_player::text) & 63)::text, 2, '0'), p_currency, p_at);
  v_held uuid;
BEGIN
  IF p_held > 0 THEN
    v_held := wallet_system_account('winnings_held', p_currency, p_at);
  END IF;
  -- The key outlives the wallet_transactions row (purged after months): a replay that late is
  -- refused by this unique key instead of moving money a second time.
  INSERT INTO ledger_transactions (kind, idempotency_key, player_id, currency, reference, meta, created_at)
    VALUES (p_kind, 'game:' || p_provider || ':' || p_external_id, p_player, p_currency, p_round,
            jsonb_build_object('provider', p_provider, 'game', p_game, 'round', p_round), p_at)
    RETURNING id INTO v_tx;
  -- Player accounts first (already locked), then the system accounts by id, as post() in
  -- ledger.ts orders them (the posting trigger moves balances in the rows' order).
  INSERT INTO ledger_postings (transaction_id, account_id, amount)
    SELECT v_tx, p.account_id, p.amount
    FROM (VALUES (false, p_real_id, p_real), (false, p_bonus_id, p_bonus), (true, v_held, p_held),
                 (true, v_games, -(p_real + p_bonus + p_held))) AS p(system, account_id, amount)
    WHERE p.amount <> 0
    ORDER BY p.system, p.account_id;
  RETURN v_tx;
END
$$;
--> statement-breakpoint
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
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION wallet_win(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_acc record;
  v_row wallet_transactions;
  v_staked_real bigint;
  v_staked_bonus bigint;
  v_max numeric;
  v_net bigint;
  v_credit bigint;
  v_real bigint;
  v_bonus bigint;
  v_held_real bigint := 0;
  v_held_bonus bigint := 0;
  v_ledger uuid;
BEGIN
  IF p_amount < 0 THEN RAISE EXCEPTION 'a win cannot be negative' USING ERRCODE = '22023'; END IF;
  v_acc := wallet_open(p_player, p_currency, p_at);
  IF v_acc.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_acc.refusal); END IF;

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'win', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;

  -- A round has one win (zero for a lost round): it settles the round for good.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.round_id = p_round AND w.provider = p_provider
             AND w.player_id = p_player AND w.kind = 'win') THEN
    RETURN jsonb_build_object('outcome', 'round_closed');
  END IF;

  -- The round's stakes that still stand (not rolled back), on this game. Each bet's rollback is
  -- looked up by its key (OFFSET 0 keeps the lookup per bet: as a join, a plan made on a nearly
  -- empty table read every rollback of the provider).
  SELECT sum(b.real_amount), sum(b.bonus_amount) INTO v_staked_real, v_staked_bonus
    FROM wallet_transactions b
    WHERE b.provider = p_provider AND b.round_id = p_round AND b.player_id = p_player AND b.kind = 'bet'
      AND b.game_id = p_game
      AND NOT EXISTS (SELECT 1 FROM wallet_transactions r
                      WHERE r.provider = p_provider AND r.kind = 'rollback' AND r.rolls_back = b.external_id
                      OFFSET 0);
  IF v_staked_real IS NULL THEN RETURN jsonb_build_object('outcome', 'round_not_found'); END IF;

  -- No more than the game's rules can pay for that stake.
  SELECT g.max_multiplier INTO v_max FROM games g WHERE g.id = p_game AND g.provider = p_provider;
  IF v_max IS NULL OR p_amount > (v_staked_real + v_staked_bonus) * v_max THEN
    RETURN jsonb_build_object('outcome', 'win_above_max');
  END IF;

  -- What the net winnings limit lets through: the player's wins credited less their stakes
  -- standing over the last 24 hours (this round's included); the rest is held for review.
  v_credit := p_amount;
  IF p_amount > 0 THEN
    SELECT coalesce(sum(CASE w.kind WHEN 'bet' THEN -w.amount ELSE w.real_amount + w.bonus_amount END), 0)
      INTO v_net
      FROM wallet_transactions w
      WHERE w.player_id = p_player AND w.created_at > p_at - interval '24 hours' AND w.currency = p_currency;
    v_credit := least(p_amount, greatest(net_winnings_limit(p_currency) - v_net, 0));
  END IF;

  -- A win goes back where its stake came from, in the same proportion; the odd cent to real.
  -- The part held keeps that split, for its release.
  v_bonus := (v_credit * v_staked_bonus) / (v_staked_real + v_staked_bonus);
  v_real := v_credit - v_bonus;
  IF v_credit < p_amount THEN
    v_held_bonus := (p_amount * v_staked_bonus) / (v_staked_real + v_staked_bonus) - v_bonus;
    v_held_real := p_amount - v_credit - v_held_bonus;
  END IF;
  IF p_amount > 0 THEN
    v_ledger := wallet_post('win', p_provider, p_external_id, p_player, p_currency, p_round, p_game,
                            v_acc.real_id, v_real, v_acc.bonus_id, v_bonus, p_at, p_amount - v_credit);
  END IF;
  INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
      real_amount, bonus_amount, held, ledger_transaction_id, real_after, bonus_after, created_at)
    VALUES (p_provider, p_external_id, 'win', p_player, p_currency, p_round, p_game, p_amount, v_real, v_bonus,
      p_amount - v_credit, v_ledger, v_acc.real_balance + v_real, v_acc.bonus_balance + v_bonus, p_at)
    RETURNING * INTO v_row;
  IF v_credit < p_amount THEN
    INSERT INTO held_winnings (player_id, currency, provider, transaction_id, round_id, game_id,
        win_ledger_transaction_id, amount, real_amount, bonus_amount, created_at)
      VALUES (p_player, p_currency, p_provider, p_external_id, p_round, p_game, v_ledger, p_amount - v_credit,
        v_held_real, v_held_bonus, p_at);
  END IF;
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
