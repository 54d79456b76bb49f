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
