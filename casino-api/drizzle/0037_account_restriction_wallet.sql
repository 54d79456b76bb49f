-- Applies casino-api/src/db/sql/: wallet_open.
-- How every wallet call (wallet_bet, wallet_win, wallet_rollback) starts: the check that the
-- player exists and plays in this currency (else the refusal that ends the call), then the
-- player's real and bonus accounts in the currency, created when missing, then locked (FOR
-- UPDATE, by id), so the calls of one player run one after another: a replay waits for the first
-- call and then finds its row, and a rollback and a win of the same round cannot both go
-- through. Created first, locked after, by one statement that sees both: a lock taken on one
-- account before the other existed would be taken in the wrong order by a call that started
-- before it was created, and two calls could then each hold the account the other waits for.
-- An account is active when its status is and no restriction of the player's own is in force at
-- p_at (a break, a self-exclusion, a closure: ADR 0060).
CREATE OR REPLACE FUNCTION wallet_open(p_player uuid, p_currency currency, p_at timestamptz,
  OUT refusal text, OUT active boolean,
  OUT real_id uuid, OUT real_balance bigint, OUT bonus_id uuid, OUT bonus_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_currency currency;
  v_status player_status;
  v_restricted boolean;
  v_accounts bigint;
  r record;
BEGIN
  SELECT p.currency, p.status,
         p.restriction IS NOT NULL AND (p.restricted_until IS NULL OR p.restricted_until > p_at),
         (SELECT count(*) FROM ledger_accounts a
          WHERE a.player_id = p.id AND a.currency = p_currency AND a.kind IN ('real', 'bonus'))
    INTO v_currency, v_status, v_restricted, v_accounts
    FROM players p WHERE p.id = p_player;
  IF NOT FOUND THEN
    refusal := 'player_not_found';
    RETURN;
  ELSIF v_currency <> p_currency THEN
    refusal := 'currency_mismatch';
    RETURN;
  END IF;
  active := v_status = 'active' AND NOT v_restricted;
  IF v_accounts < 2 THEN
    INSERT INTO ledger_accounts (kind, player_id, currency, created_at)
      VALUES ('real', p_player, p_currency, p_at), ('bonus', p_player, p_currency, p_at)
      ON CONFLICT DO NOTHING;
  END IF;
  FOR r IN SELECT a.id, a.kind, a.balance FROM ledger_accounts a
           WHERE a.player_id = p_player AND a.currency = p_currency AND a.kind IN ('real', 'bonus')
           ORDER BY a.id FOR UPDATE
  LOOP
    IF r.kind = 'real' THEN
      real_id := r.id; real_balance := r.balance;
    ELSE
      bonus_id := r.id; bonus_balance := r.balance;
    END IF;
  END LOOP;
END
$$;
