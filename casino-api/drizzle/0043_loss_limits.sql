-- Applies casino-api/src/db/sql/: site_time_zone, money_limits_of, loss_limit_refusal, wallet_bet, wallet_settle.
-- The site's time zone (the contract's SITE_TIME_ZONE, which every page writes times in): the
-- calendar periods of the players' money limits start at its midnight, Monday and 1st
-- (money_limits_of). casino-api/tests/money-limits.test.ts checks the two agree.
CREATE OR REPLACE FUNCTION site_time_zone() RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'Europe/Madrid' $$;
--> statement-breakpoint
-- A player's money limits of one kind (ADRs 0061, 0064) at p_at: for each period (day, week,
-- month, in that order) the limit in force (null: none), the change waiting, when the calendar
-- period began and when it resets (midnight, Monday and the 1st on the site's local clock, so
-- summer time moves nothing), and what it has used so far:
--  - deposit: every deposit asked for in the period that is pending or complete;
--  - loss: the net loss at play, the real-money stakes less the real money won and given back, of
--    every provider's rounds (negative when the player is ahead). Bonus money is not the player's
--    own, and a win's part held for review (held_winnings) is not counted as won until paid.
-- The web app's pages read it (limits.ts), and wallet_bet refuses by it (loss_limit_refusal).
CREATE OR REPLACE FUNCTION money_limits_of(p_player uuid, p_kind money_limit_kind, p_at timestamptz)
  RETURNS TABLE (period deposit_limit_period, amount bigint, next_amount bigint, next_from timestamptz,
                 used bigint, resets_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT p.period, l.amount, l.next_amount, l.next_from,
    CASE p_kind
      WHEN 'deposit' THEN (SELECT coalesce(sum(pay.amount), 0) FROM payments pay
        WHERE pay.player_id = p_player AND pay.kind = 'deposit' AND pay.status IN ('pending', 'complete')
          AND pay.created_at >= w.starts_at AND pay.created_at < w.resets_at)
      ELSE (SELECT coalesce(sum(CASE wt.kind WHEN 'bet' THEN wt.real_amount ELSE -wt.real_amount END), 0)
        FROM wallet_transactions wt
        WHERE wt.player_id = p_player AND wt.created_at >= w.starts_at AND wt.created_at < w.resets_at)
    END::bigint,
    w.resets_at
  FROM unnest(enum_range(NULL::deposit_limit_period)) WITH ORDINALITY AS p(period, n)
  CROSS JOIN LATERAL (SELECT
      date_trunc(p.period::text, p_at AT TIME ZONE site_time_zone()) AT TIME ZONE site_time_zone() AS starts_at,
      (date_trunc(p.period::text, p_at AT TIME ZONE site_time_zone()) + ('1 ' || p.period::text)::interval)
        AT TIME ZONE site_time_zone() AS resets_at
    ) w
  LEFT JOIN money_limits l ON l.player_id = p_player AND l.kind = p_kind AND l.period = p.period
  ORDER BY p.n
$$;
--> statement-breakpoint
-- What wallet_bet answers instead of taking a stake whose real-money part (p_real), lost, would
-- take one of the player's loss limits (ADR 0064) past its amount: {"outcome": "loss_limit_day"
-- (or _week, _month), "limit", "left", "resets_at"} of the limit that leaves the least; null when
-- every limit allows it, or the player has none (one index probe). Called under the lock on the
-- player's accounts (wallet_open), so of two stakes at once the second counts the first.
CREATE OR REPLACE FUNCTION loss_limit_refusal(p_player uuid, p_real bigint, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  IF p_real <= 0 OR NOT EXISTS (SELECT 1 FROM money_limits l WHERE l.player_id = p_player AND l.kind = 'loss') THEN
    RETURN NULL;
  END IF;
  SELECT m.period, m.amount, greatest(0, m.amount - m.used) AS left_, m.resets_at INTO r
    FROM money_limits_of(p_player, 'loss', p_at) m
    WHERE m.amount IS NOT NULL AND m.used + p_real > m.amount
    ORDER BY m.amount - m.used, m.period
    LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  RETURN jsonb_build_object('outcome', 'loss_limit_' || r.period, 'limit', r.amount, 'left', r.left_,
                            'resets_at', r.resets_at);
END
$$;
--> statement-breakpoint
-- The provider wallet's bet, one statement (one round trip) in the caller's transaction;
-- wallet/games.ts calls it and turns its outcome into an answer. Answers jsonb {"outcome": ...,
-- "tx": <the wallet_transactions row>}: ok, replayed, conflict (the transaction id was used with
-- other params, or the round is of another game), player_not_found, player_not_active,
-- currency_mismatch, bet_rolled_back (its rollback came first), game_unavailable (not a game of
-- the provider's with a maximum multiplier), round_closed (the round has its win),
-- insufficient_funds, loss_limit_day/_week/_month (with "limit", "left" and "resets_at": the
-- player's own loss limit its real part would pass, ADR 0064). Real money is staked first, then
-- bonus money; the stake counts toward wagering (wallet_wager), and its real part earns loyalty
-- points (loyalty_earn).
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
  v_refusal jsonb;
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
  v_refusal := loss_limit_refusal(p_player, v_real, p_at);
  IF v_refusal IS NOT NULL THEN RETURN v_refusal; END IF;
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
-- The provider wallet's settlement of an instant round: its bet and its win in one statement of
-- the caller's transaction (one round trip, one commit), for games whose outcome is known when
-- the stake is placed (ADR 0042); wallet/games.ts calls it. The bet is wallet_bet's and the win
-- wallet_win's, under their own transaction ids, so every rule of theirs holds (the lock on the
-- player's accounts, the refusals, the split, wagering, the net winnings limit) and a rollback of
-- the bet later is a rollback of a bet whose round has its win: refused (rollback_after_win).
-- Answers jsonb {"outcome": ..., "bet": <row>, "win": <row>, "bet_replayed": ...}: ok, replayed
-- (both ids were recorded with these params: nothing moves), conflict (an id used otherwise, or
-- with other params), win_above_max (more than the game's maximum multiplier times this stake),
-- every refusal of wallet_bet, and those of wallet_win after a bet recorded before (a provider_bet
-- of the round: bet_replayed, only its win moves). What could refuse the win is checked before
-- the bet moves, so the win is not refused after it; if it were, the exception undoes the bet.
CREATE OR REPLACE FUNCTION wallet_settle(p_provider text, p_bet_id text, p_win_id text, p_player uuid,
  p_currency currency, p_bet bigint, p_win bigint, p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_bet jsonb;
  v_win jsonb;
  v_bet_row wallet_transactions;
  v_win_row wallet_transactions;
  v_max numeric;
BEGIN
  IF p_win < 0 THEN RAISE EXCEPTION 'a win cannot be negative' USING ERRCODE = '22023'; END IF;
  IF p_bet_id = p_win_id THEN RETURN jsonb_build_object('outcome', 'conflict'); END IF;
  -- A win recorded under its id already: this is a replay (or a conflict). Recorded rows never
  -- change, so they are read without the lock.
  SELECT * INTO v_win_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_win_id;
  IF NOT FOUND THEN
    SELECT g.max_multiplier INTO v_max FROM games g WHERE g.id = p_game AND g.provider = p_provider;
    IF v_max IS NOT NULL AND p_win > p_bet * v_max THEN RETURN jsonb_build_object('outcome', 'win_above_max'); END IF;
    v_bet := wallet_bet(p_provider, p_bet_id, p_player, p_currency, p_bet, p_round, p_game, p_at);
    -- A refusal as wallet_bet gave it (a loss limit's carries its figures).
    IF v_bet->>'outcome' NOT IN ('ok', 'replayed') THEN RETURN v_bet; END IF;
    -- A bet replayed was recorded by this same settlement while this one waited for the
    -- player's lock (its win is there now), or by a provider_bet of this round (the win goes now,
    -- as the provider_win after it would).
    SELECT * INTO v_win_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_win_id;
    IF NOT FOUND THEN
      v_win := wallet_win(p_provider, p_win_id, p_player, p_currency, p_win, p_round, p_game, p_at);
      IF v_win->>'outcome' = 'ok' THEN
        RETURN jsonb_build_object('outcome', 'ok', 'bet', v_bet->'tx', 'win', v_win->'tx',
          'bet_replayed', v_bet->>'outcome' = 'replayed');
      ELSIF v_bet->>'outcome' = 'replayed' THEN
        -- Nothing moved. A round closed already has its win under another id: the bet's id is
        -- replayed with another body.
        RETURN jsonb_build_object('outcome',
          CASE v_win->>'outcome' WHEN 'round_closed' THEN 'conflict' ELSE v_win->>'outcome' END);
      END IF;
      RAISE EXCEPTION 'wallet_settle: the win of round % was refused after its bet (%)', p_round, v_win->>'outcome';
    END IF;
    v_bet_row := jsonb_populate_record(NULL::wallet_transactions, v_bet->'tx');
  ELSE
    SELECT * INTO v_bet_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_bet_id;
    IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'conflict'); END IF;
  END IF;
  -- Both ids recorded: a replay when each row is what this request asks for.
  v_bet := wallet_replay(v_bet_row, 'bet', p_player, p_currency, p_round, p_game, p_bet, NULL);
  v_win := wallet_replay(v_win_row, 'win', p_player, p_currency, p_round, p_game, p_win, NULL);
  RETURN jsonb_build_object(
    'outcome', CASE WHEN v_bet->>'outcome' = 'replayed' AND v_win->>'outcome' = 'replayed' THEN 'replayed' ELSE 'conflict' END,
    'bet', v_bet->'tx', 'win', v_win->'tx');
END
$$;
