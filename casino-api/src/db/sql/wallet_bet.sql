-- The provider wallet's bet, one statement (one round trip) in the caller's transaction;
-- wallet/games.ts calls it and turns its outcome into an answer. Answers jsonb {"outcome": ...,
-- "tx": <the wallet_transactions row>}: ok, replayed, conflict (the transaction id was used with
-- other params, or the round is of another game), player_not_found, player_not_active,
-- currency_mismatch, bet_rolled_back (its rollback came first), game_unavailable (not a game of
-- the provider's with a maximum multiplier), round_closed (the round has its win),
-- insufficient_funds, loss_limit_day/_week/_month (with "limit", "left" and "resets_at": the
-- player's own loss limit its real part would pass, ADR 0064), reality_check_due (the player's
-- reality check is due and not answered yet, ADR 0065), kyc_overdue (documents asked for and not
-- verified by their deadline, ADR 0068). Real money is staked first, then
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
  -- The player's reality check waits for an answer: no stake until then.
  IF EXISTS (SELECT 1 FROM reality_checks r WHERE r.player_id = p_player AND r.due_at <= p_at) THEN
    RETURN jsonb_build_object('outcome', 'reality_check_due');
  END IF;
  -- An identity check asked for and overdue suspends real play until it is verified (ADR 0068).
  IF EXISTS (SELECT 1 FROM kyc_requests k WHERE k.player_id = p_player AND k.fulfilled_at IS NULL AND k.due_at <= p_at) THEN
    RETURN jsonb_build_object('outcome', 'kyc_overdue');
  END IF;
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
