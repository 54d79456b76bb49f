-- The ledger's rules once per INSERT statement instead of once per posting, and the balance
-- events through an outbox instead of a NOTIFY in the money's own transaction (hand-written:
-- drizzle-kit does not generate triggers or functions). Same rules as 0002, 0006 and 0008, for
-- every code that writes postings: each posting is in the currency of its transaction, balances
-- move with their postings (a player's never below zero: the CHECK of ledger_accounts), the
-- postings of every transaction touched sum to zero, and every player whose balance moved gets
-- one 'balance_changed' event with the balances after the movement.
--
-- Why: a bet and its win ran three row triggers per posting (the balance, an event, and a
-- deferred check that summed the transaction's postings once per posting), and a NOTIFY in the
-- transaction takes a lock that the commits of all notifying transactions share until their
-- commit record is flushed: wallet calls, one commit each, were flushed one after another
-- instead of together. pgbench running wallet_bet and wallet_win on 8 clients made about 220
-- rounds/s with that NOTIFY and about 450 without it.
--
-- One difference: the postings of a ledger transaction are checked when the statement that
-- inserts them ends, no longer at commit, so they are written by one statement (ledger.ts's
-- post() and the wallet's functions do). A posting added to a balanced transaction later is
-- still refused, at once.

-- Events waiting to be sent on 'casino_events', in the order they were written. Written in the
-- transaction that moves the money (so a movement that commits has its event, one that rolls
-- back has none) and sent soon after by realtime_relay.
CREATE TABLE realtime_outbox (
  id bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  payload text NOT NULL
);
--> statement-breakpoint
DROP TRIGGER ledger_postings_apply ON ledger_postings;
--> statement-breakpoint
DROP TRIGGER ledger_postings_balanced ON ledger_postings;
--> statement-breakpoint
DROP TRIGGER ledger_postings_notify ON ledger_postings;
--> statement-breakpoint
DROP FUNCTION ledger_apply_posting();
--> statement-breakpoint
DROP FUNCTION ledger_check_balanced();
--> statement-breakpoint
DROP FUNCTION ledger_notify_balance();
--> statement-breakpoint
-- After each INSERT into ledger_postings, with the statement's postings as new_postings.
CREATE FUNCTION ledger_postings_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  v_owner uuid;
  v_currency currency;
  v_player uuid;
  v_money currency;
  v_tx uuid;
  v_many boolean := false;
BEGIN
  -- Every transaction touched sums to zero, its earlier postings included.
  FOR r IN SELECT s.transaction_id FROM (SELECT DISTINCT n.transaction_id FROM new_postings n) s
           WHERE (SELECT sum(p.amount) FROM ledger_postings p WHERE p.transaction_id = s.transaction_id) <> 0
           LIMIT 1
  LOOP
    RAISE EXCEPTION 'ledger transaction % does not balance', r.transaction_id USING ERRCODE = '23514';
  END LOOP;
  -- Balances move posting by posting, in the order of the statement's rows: writers put player
  -- accounts first, then system accounts, each by id, the order in which they lock them
  -- elsewhere, so two writers never wait for each other in a circle. An account in another
  -- currency than its posting's transaction is refused.
  FOR r IN SELECT n.id, n.account_id, n.amount, n.transaction_id FROM new_postings n ORDER BY n.id LOOP
    UPDATE ledger_accounts a SET balance = a.balance + r.amount
      WHERE a.id = r.account_id
        AND a.currency = (SELECT t.currency FROM ledger_transactions t WHERE t.id = r.transaction_id)
      RETURNING a.player_id, a.currency INTO v_owner, v_currency;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'ledger posting % is not in the currency of its transaction', r.id USING ERRCODE = '23514';
    END IF;
    IF v_owner IS NOT NULL THEN
      IF v_player IS NULL THEN
        v_player := v_owner; v_money := v_currency; v_tx := r.transaction_id;
      ELSIF v_player <> v_owner OR v_money <> v_currency OR v_tx <> r.transaction_id THEN
        v_many := true;
      END IF;
    END IF;
  END LOOP;
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
                                     'real', b.real_balance, 'bonus', b.bonus_balance),
        'reason', CASE
          WHEN m.kind IN ('deposit', 'withdrawal', 'bet', 'win', 'rollback') THEN m.kind
          WHEN m.kind LIKE 'bonus%' THEN 'bonus'
          ELSE 'adjustment' END
      )
    )::text
    FROM (SELECT e.player_id, e.currency, e.transaction_id,
                 (SELECT t.kind FROM ledger_transactions t WHERE t.id = e.transaction_id) AS kind
          FROM (SELECT v_player AS player_id, v_money AS currency, v_tx AS transaction_id WHERE NOT v_many
                UNION ALL
                SELECT DISTINCT a.player_id, a.currency, n.transaction_id
                FROM new_postings n JOIN ledger_accounts a ON a.id = n.account_id
                WHERE v_many AND a.player_id IS NOT NULL) e) m
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(x.balance) FILTER (WHERE x.kind = 'real'), 0) AS real_balance,
             coalesce(sum(x.balance) FILTER (WHERE x.kind = 'bonus'), 0) AS bonus_balance
      FROM ledger_accounts x WHERE x.player_id = m.player_id AND x.currency = m.currency) b
    ORDER BY m.player_id, m.transaction_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_inserted AFTER INSERT ON ledger_postings REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_postings_inserted();
--> statement-breakpoint
-- Sends up to p_limit waiting events on 'casino_events', oldest first, and deletes them, in one
-- transaction: an event is sent once (the NOTIFY goes out when that transaction commits, the
-- delete with it), whichever instance relays it. One relay at a time per schema (a transaction
-- lock), so a player's events go out in the order they were written. Answers how many it sent.
CREATE FUNCTION realtime_relay(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_sent integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('casino-api:realtime_relay:' || current_schema())) THEN
    RETURN 0;
  END IF;
  WITH sent AS (
    DELETE FROM realtime_outbox o WHERE o.id IN (SELECT w.id FROM realtime_outbox w ORDER BY w.id LIMIT p_limit)
    RETURNING o.id, o.payload
  )
  SELECT count(pg_notify('casino_events', s.payload)) INTO v_sent FROM (SELECT * FROM sent ORDER BY id) s;
  RETURN v_sent;
END
$$;
