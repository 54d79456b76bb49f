-- The ledger's rules, for every code that writes postings, once per INSERT statement on
-- ledger_postings. Run by the trigger ledger_postings_inserted (AFTER INSERT, each statement, its
-- postings as new_postings; declared by migration 0013).
-- - Each posting is in the currency of its transaction.
-- - Balances move with their postings (a player's never below zero: the CHECK of
--   ledger_accounts), and each posting counts one more on its account's balance_version under
--   the row lock that moves the balance: a player's balance version (the contract's
--   Balance.version) is the sum over their real and bonus accounts.
-- - The postings of every transaction touched sum to zero, checked when the statement ends: a
--   ledger transaction's postings are written by one statement (ledger.ts's post() and
--   wallet_post do), and a posting added to a balanced transaction later is refused at once.
-- - Every player whose balance moved gets one 'balance_changed' event (contract/events.ts) with
--   the balances and version after the statement, in realtime_outbox: written in the money's
--   transaction, sent after its commit by realtime_relay (a NOTIFY in the money's transaction
--   would make every wallet commit wait for the others; ADR 0022, ADR 0025). Loyalty points
--   (a player's 'points' account, ADR 0054) are no money: moving them sends no such event.
CREATE OR REPLACE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_owner uuid;
  v_currency currency;
  v_tx uuid;
  v_tx_currency currency;
  v_tx_kind text;
  v_many_tx boolean := false;
  v_player uuid;
  v_money currency;
  v_player_tx uuid;
  v_player_kind text;
  v_many boolean := false;
BEGIN
  -- Balances move posting by posting, in the order of the statement's rows: writers put player
  -- accounts first, then system accounts, each by id, the order in which they lock them
  -- elsewhere, so two writers never wait for each other in a circle. An account in another
  -- currency than its posting's transaction is refused.
  FOR r IN SELECT n.id, n.account_id, n.amount, n.transaction_id FROM new_postings n ORDER BY n.id LOOP
    IF v_tx IS DISTINCT FROM r.transaction_id THEN
      v_many_tx := v_tx IS NOT NULL;
      v_tx := r.transaction_id;
      SELECT t.currency, t.kind INTO v_tx_currency, v_tx_kind FROM ledger_transactions t WHERE t.id = v_tx;
    END IF;
    UPDATE ledger_accounts a SET balance = a.balance + r.amount, balance_version = a.balance_version + 1
      WHERE a.id = r.account_id AND a.currency = v_tx_currency
      RETURNING CASE WHEN a.kind IN ('real', 'bonus') THEN a.player_id END, a.currency INTO v_owner, v_currency;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger posting % is not in the currency of its transaction', r.id USING ERRCODE = '23514';
    END IF;
    IF v_owner IS NOT NULL THEN
      IF v_player IS NULL THEN
        v_player := v_owner; v_money := v_currency; v_player_tx := v_tx; v_player_kind := v_tx_kind;
      ELSIF v_player <> v_owner OR v_money <> v_currency OR v_player_tx <> v_tx THEN
        v_many := true;
      END IF;
    END IF;
  END LOOP;
  IF v_tx IS NULL THEN
    RETURN NULL;
  END IF;
  -- Every transaction touched sums to zero, its earlier postings included.
  IF NOT v_many_tx THEN
    IF (SELECT sum(p.amount) FROM ledger_postings p WHERE p.transaction_id = v_tx) <> 0 THEN
      RAISE EXCEPTION 'ledger transaction % does not balance', v_tx USING ERRCODE = '23514';
    END IF;
  ELSE
    FOR r IN SELECT s.transaction_id FROM (SELECT DISTINCT n.transaction_id FROM new_postings n) s
             WHERE (SELECT sum(p.amount) FROM ledger_postings p WHERE p.transaction_id = s.transaction_id) <> 0
             LIMIT 1
    LOOP
      RAISE EXCEPTION 'ledger transaction % does not balance', r.transaction_id USING ERRCODE = '23514';
    END LOOP;
  END IF;
  IF v_player IS NULL THEN
    RETURN NULL;
  END IF;
  -- One event per transaction and player moved, with the balances after the statement. Every
  -- lookup by key, so that no plan made while the tables were small scans them whole later.
  INSERT INTO realtime_outbox (payload)
    SELECT json_build_object(
      'playerId', m.player_id,
      'event', json_build_object(
        'type', 'balance_changed',
        'at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'balance', json_build_object('currency', m.currency, 'total', b.real_balance + b.bonus_balance,
                                     'real', b.real_balance, 'bonus', b.bonus_balance, 'version', b.version),
        'reason', CASE
          WHEN m.kind IN ('deposit', 'withdrawal', 'bet', 'win', 'rollback') THEN m.kind
          WHEN m.kind LIKE 'bonus%' THEN 'bonus'
          ELSE 'adjustment' END
      )
    )::text
    FROM (SELECT v_player AS player_id, v_money AS currency, v_player_tx AS transaction_id, v_player_kind AS kind
          WHERE NOT v_many
          UNION ALL
          SELECT e.player_id, e.currency, e.transaction_id,
                 (SELECT t.kind FROM ledger_transactions t WHERE t.id = e.transaction_id)
          FROM (SELECT DISTINCT a.player_id, a.currency, n.transaction_id
                FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id
                WHERE v_many AND a.player_id IS NOT NULL AND a.kind IN ('real', 'bonus')) e) m
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.balance) FILTER (WHERE x.kind = 'real'), 0) AS real_balance,
             coalesce(sum(x.balance) FILTER (WHERE x.kind = 'bonus'), 0) AS bonus_balance,
             coalesce(sum(x.balance_version) FILTER (WHERE x.kind IN ('real', 'bonus')), 0) AS version
      FROM ledger_accounts x WHERE x.player_id = m.player_id AND x.currency = m.currency) b
    ORDER BY m.player_id, m.transaction_id;
  RETURN NULL;
END
$$;
