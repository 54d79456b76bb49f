-- The provider wallet's bet, win and rollback, each one statement (one round trip) that runs in
-- the caller's transaction (hand-written: drizzle-kit does not generate functions). Names are
-- unqualified so that they follow the search_path. wallet/games.ts calls them and turns their
-- outcome into answers; the ledger's own triggers (0002) still check every posting.
--
-- Every call of a player first locks that player's real and bonus accounts (FOR UPDATE, by id),
-- so the calls of one player run one after another: a replay waits for the first call and then
-- finds its row, and a rollback and a win of the same round cannot both go through. System
-- accounts are locked after player accounts, as ledger.ts's post() does, so writers never wait
-- for each other in a circle.
--
-- Answers are jsonb: {"outcome": ..., "tx": <the wallet_transactions row>}. Outcomes: ok,
-- replayed (the first answer, nothing moved), conflict (the transaction id was used with other
-- params), player_not_found, player_not_active, currency_mismatch, insufficient_funds,
-- bet_rolled_back (a bet whose rollback came first), round_not_found (a win without a live
-- bet), already_rolled_back, rollback_after_win.

-- The posting trigger of 0002, in one statement instead of three, same rule: the account moves
-- only if it is in the currency of the posting's transaction, and the posting is refused
-- otherwise. Every bet and win runs it three times.
CREATE OR REPLACE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ledger_accounts a SET balance = a.balance + NEW.amount
    WHERE a.id = NEW.account_id
      AND a.currency = (SELECT t.currency FROM ledger_transactions t WHERE t.id = NEW.transaction_id);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger posting % is not in the currency of its transaction', NEW.id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The player's real and bonus accounts in the currency, created when missing, then locked.
-- Created first, locked after, by one statement that sees both: a lock taken on one account
-- before the other existed would be taken in the wrong order by a call that started before it
-- was created, and two calls could then each hold the account the other waits for.
CREATE FUNCTION wallet_lock_player(p_player uuid, p_currency currency, p_at timestamptz,
  OUT real_id uuid, OUT real_balance bigint, OUT bonus_id uuid, OUT bonus_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  IF (SELECT count(*) FROM ledger_accounts a
      WHERE a.player_id = p_player AND a.currency = p_currency AND a.kind IN ('real', 'bonus')) < 2 THEN
    INSERT INTO ledger_accounts (kind, player_id, currency, created_at)
      VALUES ('real', p_player, p_currency, p_at), ('bonus', p_player, p_currency, p_at)
      ON CONFLICT DO NOTHING;
  END IF;
  FOR r IN SELECT a.id, a.kind, a.balance FROM ledger_accounts a
           WHERE a.player_id = p_player AND a.currency = p_currency AND a.kind IN ('real', 'bonus')
           ORDER BY a.id FOR UPDATE
  LOOP
    IF r.kind = 'real' THEN
      real_id := r.id; real_balance := r.balance;
    ELSE
      bonus_id := r.id; bonus_balance := r.balance;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The system account of the games that takes the other side of a player's stakes and wins:
-- one of 64 ('games:00' to 'games:63'), picked by the player, created on first use. With a
-- single one, every bet and win of every player would update the same row and wait for each
-- other's commits; the games' result is the sum of the 64.
CREATE FUNCTION wallet_games_account(p_player uuid, p_currency currency, p_at timestamptz) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_code text := 'games:' || lpad((hashtext(p_player::text) & 63)::text, 2, '0');
  v_id uuid;
BEGIN
  SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = v_code AND a.currency = p_currency;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, code, currency, created_at) VALUES ('system', v_code, p_currency, p_at)
      ON CONFLICT DO NOTHING;
    SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = v_code AND a.currency = p_currency;
  END IF;
  RETURN v_id;
END
$$;
--> statement-breakpoint
-- One ledger transaction of a wallet call: the player's real and bonus accounts move by
-- p_real and p_bonus (signed), the player's games account by the opposite of their sum.
-- Answers its id.
CREATE FUNCTION wallet_post(p_kind text, p_provider text, p_external_id text, p_player uuid, p_currency currency,
  p_round text, p_game text, p_real_id uuid, p_real bigint, p_bonus_id uuid, p_bonus bigint, p_at timestamptz)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
BEGIN
  -- The key outlives the wallet_transactions row (purged after months): a replay that late is
  -- refused by this unique key instead of moving money a second time.
  INSERT INTO ledger_transactions (kind, idempotency_key, player_id, currency, reference, meta, created_at)
    VALUES (p_kind, 'game:' || p_provider || ':' || p_external_id, p_player, p_currency, p_round,
            jsonb_build_object('provider', p_provider, 'game', p_game, 'round', p_round), p_at)
    RETURNING id INTO v_tx;
  -- Player accounts first (already locked), the shared games account last: its lock is held
  -- from here to the commit only.
  INSERT INTO ledger_postings (transaction_id, account_id, amount)
    SELECT v_tx, p.account_id, p.amount
    FROM (VALUES (1, p_real_id, p_real), (2, p_bonus_id, p_bonus),
                 (3, wallet_games_account(p_player, p_currency, p_at), -(p_real + p_bonus))) AS p(n, account_id, amount)
    WHERE p.amount <> 0
    ORDER BY p.n;
  RETURN v_tx;
END
$$;
--> statement-breakpoint
-- The row already recorded under this transaction id: its answer when the params are the same.
CREATE FUNCTION wallet_replay(p_row wallet_transactions, p_kind wallet_transaction_kind, p_player uuid,
  p_currency currency, p_round text, p_game text, p_amount bigint, p_rolls_back text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'outcome',
    CASE WHEN p_row.kind = p_kind AND p_row.player_id = p_player AND p_row.currency = p_currency
              AND p_row.round_id = p_round AND p_row.game_id = p_game
              AND (p_amount IS NULL OR p_row.amount = p_amount)
              AND p_row.rolls_back IS NOT DISTINCT FROM p_rolls_back
         THEN 'replayed' ELSE 'conflict' END,
    'tx', to_jsonb(p_row))
$$;
--> statement-breakpoint
-- The check every call starts with: the player exists and plays in this currency. Answers the
-- outcome that ends the call (or null), and whether the account is active.
CREATE FUNCTION wallet_player_refusal(p_player uuid, p_currency currency, OUT refusal text, OUT active boolean)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_currency currency;
  v_status player_status;
BEGIN
  SELECT p.currency, p.status INTO v_currency, v_status FROM players p WHERE p.id = p_player;
  IF NOT FOUND THEN
    refusal := 'player_not_found';
  ELSIF v_currency <> p_currency THEN
    refusal := 'currency_mismatch';
  END IF;
  active := v_status = 'active';
END
$$;
--> statement-breakpoint
-- Adds a bet's stake to the player's open wagering requirements, oldest first: the real part to
-- deposit requirements, the whole stake to bonus requirements; records what each one got.
CREATE FUNCTION wallet_wager(p_wallet_tx uuid, p_player uuid, p_currency currency, p_real bigint, p_bonus bigint,
  p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_left_deposit bigint := p_real;
  v_left_bonus bigint := p_real + p_bonus;
  v_take bigint;
  r record;
BEGIN
  FOR r IN SELECT w.id, w.kind, w.required - w.wagered AS open FROM wagering_requirements w
           WHERE w.player_id = p_player AND w.currency = p_currency AND w.met_at IS NULL
           ORDER BY w.created_at, w.id FOR UPDATE
  LOOP
    v_take := least(CASE r.kind WHEN 'deposit' THEN v_left_deposit ELSE v_left_bonus END, r.open);
    CONTINUE WHEN v_take = 0;
    UPDATE wagering_requirements
      SET wagered = wagered + v_take, met_at = CASE WHEN v_take = r.open THEN p_at END
      WHERE id = r.id;
    INSERT INTO wagering_contributions (wallet_transaction_id, requirement_id, amount) VALUES (p_wallet_tx, r.id, v_take);
    IF r.kind = 'deposit' THEN v_left_deposit := v_left_deposit - v_take; ELSE v_left_bonus := v_left_bonus - v_take; END IF;
    EXIT WHEN v_left_deposit = 0 AND v_left_bonus = 0;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION wallet_bet(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_player record;
  v_acc record;
  v_row wallet_transactions;
  v_real bigint;
  v_bonus bigint;
BEGIN
  IF p_amount <= 0 THEN RAISE EXCEPTION 'a bet must stake more than zero' USING ERRCODE = '22023'; END IF;
  v_player := wallet_player_refusal(p_player, p_currency);
  IF v_player.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_player.refusal); END IF;
  v_acc := wallet_lock_player(p_player, p_currency, p_at);

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'bet', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;
  -- Only an active account stakes money (a win or a rollback is owed whatever the status).
  IF NOT v_player.active THEN RETURN jsonb_build_object('outcome', 'player_not_active'); END IF;
  -- Its rollback came first (the provider gave up waiting): the bet must not take money now.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.provider = p_provider AND w.kind = 'rollback'
             AND w.rolls_back = p_external_id) THEN
    RETURN jsonb_build_object('outcome', 'bet_rolled_back');
  END IF;
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
CREATE FUNCTION wallet_win(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_player record;
  v_acc record;
  v_row wallet_transactions;
  v_staked_real bigint;
  v_staked_bonus bigint;
  v_real bigint;
  v_bonus bigint;
  v_ledger uuid;
BEGIN
  IF p_amount < 0 THEN RAISE EXCEPTION 'a win cannot be negative' USING ERRCODE = '22023'; END IF;
  v_player := wallet_player_refusal(p_player, p_currency);
  IF v_player.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_player.refusal); END IF;
  v_acc := wallet_lock_player(p_player, p_currency, p_at);

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'win', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;

  -- The round's stakes that still stand (not rolled back).
  SELECT sum(b.real_amount), sum(b.bonus_amount) INTO v_staked_real, v_staked_bonus
    FROM wallet_transactions b
    WHERE b.provider = p_provider AND b.round_id = p_round AND b.player_id = p_player AND b.kind = 'bet'
      AND NOT EXISTS (SELECT 1 FROM wallet_transactions r
                      WHERE r.provider = p_provider AND r.kind = 'rollback' AND r.rolls_back = b.external_id);
  IF v_staked_real IS NULL THEN RETURN jsonb_build_object('outcome', 'round_not_found'); END IF;

  -- A win goes back where its stake came from, in the same proportion; the odd cent to real.
  v_bonus := (p_amount * v_staked_bonus) / (v_staked_real + v_staked_bonus);
  v_real := p_amount - v_bonus;
  IF p_amount > 0 THEN
    v_ledger := wallet_post('win', p_provider, p_external_id, p_player, p_currency, p_round, p_game,
                            v_acc.real_id, v_real, v_acc.bonus_id, v_bonus, p_at);
  END IF;
  INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
      real_amount, bonus_amount, ledger_transaction_id, real_after, bonus_after, created_at)
    VALUES (p_provider, p_external_id, 'win', p_player, p_currency, p_round, p_game, p_amount, v_real, v_bonus,
      v_ledger, v_acc.real_balance + v_real, v_acc.bonus_balance + v_bonus, p_at)
    RETURNING * INTO v_row;
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
--> statement-breakpoint
CREATE FUNCTION wallet_rollback(p_provider text, p_external_id text, p_bet_external_id text, p_player uuid,
  p_currency currency, p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_player record;
  v_acc record;
  v_row wallet_transactions;
  v_bet wallet_transactions;
  v_ledger uuid;
  c record;
BEGIN
  v_player := wallet_player_refusal(p_player, p_currency);
  IF v_player.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_player.refusal); END IF;
  v_acc := wallet_lock_player(p_player, p_currency, p_at);

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
  -- The stake no longer counts toward wagering.
  FOR c IN SELECT wc.requirement_id, wc.amount FROM wagering_contributions wc WHERE wc.wallet_transaction_id = v_bet.id
           ORDER BY wc.requirement_id
  LOOP
    UPDATE wagering_requirements SET wagered = wagered - c.amount, met_at = NULL WHERE id = c.requirement_id;
  END LOOP;
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
