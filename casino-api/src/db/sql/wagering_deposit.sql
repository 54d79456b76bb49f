-- The wagering rule of a deposit (all of the wagering rules are in SQL: ADR 0041): it must be
-- staked three times over (the spec's "100 % three times") before it can be withdrawn. Records
-- the requirement of the deposit that ledger transaction p_ledger_tx credited, in the caller's
-- transaction (wallet/wagering.ts's creditDeposit); wallet_wager adds the bets' stakes to it.
-- One requirement per deposit: the unique key wagering_requirements_source_key.
CREATE OR REPLACE FUNCTION wagering_deposit(p_ledger_tx uuid, p_player uuid, p_currency currency, p_amount bigint,
  p_at timestamptz) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO wagering_requirements (player_id, currency, kind, ledger_transaction_id, amount, required, created_at)
    VALUES (p_player, p_currency, 'deposit', p_ledger_tx, p_amount, p_amount * 3, p_at)
$$;
