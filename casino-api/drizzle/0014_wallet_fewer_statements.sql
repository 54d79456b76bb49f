-- The wallet's functions of 0006 with fewer statements per call, same rules and answers
-- (hand-written: drizzle-kit does not generate functions). The player's check and the lock of
-- their accounts are one function (wallet_open) whose first query also counts the accounts;
-- wallet_post finds the games account itself; wallet_wager spreads a stake over the open
-- requirements with one statement instead of a loop of three per requirement.
--
-- And wallet_transactions' keys lead with the transaction id and the round id instead of the
-- provider (the same value in every row of a provider): a plan that PL/pgSQL made while the
-- table was nearly empty (a new database, or bench:ledger's fresh schema) could look a call up
-- by the provider alone and then read every row of the provider, on every call of that
-- connection, until the next ANALYZE. Same columns, same names (the wallet's answers map the
-- unique keys' names), so same rules.

-- The check every call starts with (the player exists and plays in this currency: else the
-- refusal that ends the call), then the player's real and bonus accounts in the currency,
-- created when missing, then locked. Created first, locked after, by one statement that sees
-- both: a lock taken on one account before the other existed would be taken in the wrong order
-- by a call that started before it was created, and two calls could then each hold the account
-- the other waits for.
CREATE FUNCTION wallet_open(p_player uuid, p_currency currency, p_at timestamptz,
  OUT refusal text, OUT active boolean,
  OUT real_id uuid, OUT real_balance bigint, OUT bonus_id uuid, OUT bonus_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_currency currency;
  v_status player_status;
  v_accounts bigint;
  r record;
BEGIN
  SELECT p.currency, p.status,
         (SELECT count(*) FROM ledger_accounts a
          WHERE a.player_id = p.id AND a.currency = p_currency AND a.kind IN ('real', 'bonus'))
    INTO v_currency, v_status, v_accounts
    FROM players p WHERE p.id = p_player;
  IF NOT FOUND THEN
    refusal := 'player_not_found';
    RETURN;
  ELSIF v_currency <> p_currency THEN
    refusal := 'currency_mismatch';
    RETURN;
  END IF;
  active := v_status = 'active';
  IF v_accounts < 2 THEN
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
-- As in 0006, with the games account ('games:00' to 'games:63', by player) found here.
CREATE OR REPLACE FUNCTION wallet_post(p_kind text, p_provider text, p_external_id text, p_player uuid, p_currency currency,
  p_round text, p_game text, p_real_id uuid, p_real bigint, p_bonus_id uuid, p_bonus bigint, p_at timestamptz)
RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_code text := 'games:' || lpad((hashtext(p_player::text) & 63)::text, 2, '0');
  v_games uuid;
BEGIN
  SELECT a.id INTO v_games FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = v_code AND a.currency = p_currency;
  IF v_games IS NULL THEN
    INSERT INTO ledger_accounts (kind, code, currency, created_at) VALUES ('system', v_code, p_currency, p_at)
      ON CONFLICT DO NOTHING;
    SELECT a.id INTO v_games FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = v_code AND a.currency = p_currency;
  END IF;
  -- The key outlives the wallet_transactions row (purged after months): a replay that late is
  -- refused by this unique key instead of moving money a second time.
  INSERT INTO ledger_transactions (kind, idempotency_key, player_id, currency, reference, meta, created_at)
    VALUES (p_kind, 'game:' || p_provider || ':' || p_external_id, p_player, p_currency, p_round,
            jsonb_build_object('provider', p_provider, 'game', p_game, 'round', p_round), p_at)
    RETURNING id INTO v_tx;
  -- Player accounts first (already locked), the shared games account last: its lock is held
  -- from here to the commit only (the posting trigger moves balances in the rows' order).
  INSERT INTO ledger_postings (transaction_id, account_id, amount)
    SELECT v_tx, p.account_id, p.amount
    FROM (VALUES (1, p_real_id, p_real), (2, p_bonus_id, p_bonus), (3, v_games, -(p_real + p_bonus))) AS p(n, account_id, amount)
    WHERE p.amount <> 0
    ORDER BY p.n;
  RETURN v_tx;
END
$$;
--> statement-breakpoint
-- As in 0006: a bet's stake goes to the player's open requirements, oldest first, the real part
-- to deposit requirements and the whole stake to bonus requirements, each taking what it still
-- needs until the part is spent; what each got is recorded. One statement: every requirement's
-- share is the part left after the older ones of its kind. The player's accounts are locked by
-- the calling function, and only the wallet's functions change requirements, so nothing moves
-- them in between.
CREATE OR REPLACE FUNCTION wallet_wager(p_wallet_tx uuid, p_player uuid, p_currency currency, p_real bigint,
  p_bonus bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH open AS (
    SELECT w.id, w.required - w.wagered AS open,
           CASE w.kind WHEN 'deposit' THEN p_real ELSE p_real + p_bonus END
             - (sum(w.required - w.wagered) OVER (PARTITION BY w.kind ORDER BY w.created_at, w.id)
                - (w.required - w.wagered)) AS left_before
    FROM wagering_requirements w
    WHERE w.player_id = p_player AND w.currency = p_currency AND w.met_at IS NULL
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
END
$$;
--> statement-breakpoint
-- wallet_bet, wallet_win and wallet_rollback as in 0006, opening the call with wallet_open.
CREATE OR REPLACE FUNCTION wallet_bet(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_acc record;
  v_row wallet_transactions;
  v_real bigint;
  v_bonus bigint;
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
  v_real bigint;
  v_bonus bigint;
  v_ledger uuid;
BEGIN
  IF p_amount < 0 THEN RAISE EXCEPTION 'a win cannot be negative' USING ERRCODE = '22023'; END IF;
  v_acc := wallet_open(p_player, p_currency, p_at);
  IF v_acc.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_acc.refusal); END IF;

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'win', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;

  -- The round's stakes that still stand (not rolled back). Each bet's rollback is looked up by
  -- its key (OFFSET 0 keeps the lookup per bet: as a join, a plan made on a nearly empty table
  -- read every rollback of the provider).
  SELECT sum(b.real_amount), sum(b.bonus_amount) INTO v_staked_real, v_staked_bonus
    FROM wallet_transactions b
    WHERE b.provider = p_provider AND b.round_id = p_round AND b.player_id = p_player AND b.kind = 'bet'
      AND NOT EXISTS (SELECT 1 FROM wallet_transactions r
                      WHERE r.provider = p_provider AND r.kind = 'rollback' AND r.rolls_back = b.external_id
                      OFFSET 0);
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
DROP FUNCTION wallet_player_refusal(uuid, currency);
--> statement-breakpoint
DROP FUNCTION wallet_lock_player(uuid, currency, timestamptz);
--> statement-breakpoint
DROP FUNCTION wallet_games_account(uuid, currency, timestamptz);
--> statement-breakpoint
DROP INDEX wallet_transactions_external_key;
--> statement-breakpoint
CREATE UNIQUE INDEX wallet_transactions_external_key ON wallet_transactions USING btree (external_id, provider);
--> statement-breakpoint
DROP INDEX wallet_transactions_rollback_key;
--> statement-breakpoint
CREATE UNIQUE INDEX wallet_transactions_rollback_key ON wallet_transactions USING btree (rolls_back, provider)
  WHERE kind = 'rollback';
--> statement-breakpoint
DROP INDEX wallet_transactions_round_idx;
--> statement-breakpoint
CREATE INDEX wallet_transactions_round_idx ON wallet_transactions USING btree (round_id, provider);
