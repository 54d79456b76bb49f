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
