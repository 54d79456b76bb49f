-- Every movement of a player's money tells the realtime socket (hand-written: drizzle-kit does
-- not generate triggers). After a posting has moved its account (ledger_postings_apply runs
-- first: row triggers of one event fire in name order), the player's balances are sent as a
-- 'balance_changed' event of the contract (contract/events.ts) on the channel 'casino_events',
-- delivered at commit to every casino API instance listening on the database. So deposits,
-- withdrawals and the game wallet's functions are all covered, whatever code wrote them.
CREATE FUNCTION ledger_notify_balance() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
  money currency;
  movement text;
  real_balance bigint;
  bonus_balance bigint;
BEGIN
  SELECT a.player_id, a.currency INTO owner, money FROM ledger_accounts a WHERE a.id = NEW.account_id;
  IF owner IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT t.kind INTO movement FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
  SELECT coalesce(sum(a.balance) FILTER (WHERE a.kind = 'real'), 0), coalesce(sum(a.balance) FILTER (WHERE a.kind = 'bonus'), 0)
    INTO real_balance, bonus_balance
    FROM ledger_accounts a WHERE a.player_id = owner AND a.currency = money;
  PERFORM pg_notify('casino_events', json_build_object(
    'playerId', owner,
    'event', json_build_object(
      'type', 'balance_changed',
      'at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'balance', json_build_object('currency', money, 'total', real_balance + bonus_balance, 'real', real_balance, 'bonus', bonus_balance),
      'reason', CASE
        WHEN movement IN ('deposit', 'withdrawal', 'bet', 'win', 'rollback') THEN movement
        WHEN movement LIKE 'bonus%' THEN 'bonus'
        ELSE 'adjustment' END
    )
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_notify AFTER INSERT ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_notify_balance();
--> statement-breakpoint
-- A token revoked (log-out, a password change or reset) closes its sockets on every instance at once.
CREATE FUNCTION access_tokens_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casino_events', json_build_object('playerId', NEW.player_id, 'revokedTokenId', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_tokens_revoked AFTER UPDATE OF revoked_at ON access_tokens FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION access_tokens_notify_revoked();
