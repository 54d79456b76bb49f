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
