-- The wagering rule of a bet (all of the wagering rules are in SQL: ADR 0041): its stake goes
-- to the player's open requirements, oldest first, the real part to deposit requirements and the
-- whole stake to bonus requirements, each taking what it still needs until the part is spent;
-- what each got is recorded in wagering_contributions (a rollback gives it back: wallet_rollback).
-- One statement: every requirement's share is the part left after the older ones of its kind.
-- The player's accounts are locked by the calling function, and only the wallet's functions
-- change requirements once they exist, so nothing moves them in between.
CREATE OR REPLACE FUNCTION wallet_wager(p_wallet_tx uuid, p_player uuid, p_currency currency, p_real bigint,
  p_bonus bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH open AS (
    SELECT w.id, w.required - w.wagered AS open,
           CASE w.kind WHEN 'deposit' THEN p_real ELSE p_real + p_bonus END
             - (sum(w.required - w.wagered) OVER (PARTITION BY w.kind ORDER BY w.created_at, w.id)
                - (w.required - w.wagered)) AS left_before
    FROM wagering_requirements w
    WHERE w.player_id = p_player AND w.currency = p_currency AND w.met_at IS NULL
  ), took AS (
    UPDATE wagering_requirements w
      SET wagered = w.wagered + least(o.open, o.left_before),
          met_at = CASE WHEN o.left_before >= o.open THEN p_at END
      FROM open o
      WHERE w.id = o.id AND o.left_before > 0
      RETURNING w.id, least(o.open, o.left_before) AS amount
  )
  INSERT INTO wagering_contributions (wallet_transaction_id, requirement_id, amount)
    SELECT p_wallet_tx, t.id, t.amount FROM took t;
END
$$;
