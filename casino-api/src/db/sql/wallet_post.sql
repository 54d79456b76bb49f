-- One ledger transaction of a wallet call: the player's real and bonus accounts move by p_real
-- and p_bonus (signed), the held part of a win (p_held) goes to the system account
-- 'winnings_held' instead of the player's accounts, and the player's games account ('games:00'
-- to 'games:63', picked by the player: with a single one every bet and win of every player would
-- wait for each other's commits) takes the opposite of their sum. Answers its id.
CREATE OR REPLACE FUNCTION wallet_post(p_kind text, p_provider text, p_external_id text, p_player uuid, p_currency currency,
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
