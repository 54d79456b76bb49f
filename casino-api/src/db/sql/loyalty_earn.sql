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
