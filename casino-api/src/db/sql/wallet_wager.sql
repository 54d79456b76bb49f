-- The wagering rule of a bet (all of the wagering rules are in SQL: ADR 0041): its stake goes
-- to the player's open requirements, oldest first, the real part to deposit requirements and the
-- whole stake to the active bonus's requirement, weighted by the game's category with that
-- bonus's weights (player_bonuses.game_weights, else its default weight; ADR 0052), each taking
-- what it still needs until the part is spent; what each got is recorded in
-- wagering_contributions (a rollback gives it back: wallet_rollback). A bonus requirement counts
-- only while its bonus is active. One statement: every requirement's share is the part left
-- after the older ones of its kind (a player has one active bonus, so one bonus requirement
-- takes stakes). The player's accounts are locked by the calling function, and only the
-- wallet's functions change requirements once they exist, so nothing moves them in between. A
-- stake above the active bonus's irregular-play threshold is flagged for the administrator
-- (bonus_irregular_stakes).
CREATE OR REPLACE FUNCTION wallet_wager(p_wallet_tx uuid, p_player uuid, p_currency currency, p_real bigint,
  p_bonus bigint, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_category text;
  v_game text;
BEGIN
  SELECT g.category, w.game_id INTO v_category, v_game
    FROM wallet_transactions w LEFT JOIN games g ON g.id = w.game_id WHERE w.id = p_wallet_tx;
  WITH open AS (
    SELECT w.id, w.required - w.wagered AS open,
           CASE w.kind WHEN 'deposit' THEN p_real
             ELSE (p_real + p_bonus) * coalesce((b.game_weights ->> v_category)::int, b.default_weight) / 100 END
             - (sum(w.required - w.wagered) OVER (PARTITION BY w.kind ORDER BY w.created_at, w.id)
                - (w.required - w.wagered)) AS left_before
    FROM wagering_requirements w LEFT JOIN player_bonuses b ON b.requirement_id = w.id
    WHERE w.player_id = p_player AND w.currency = p_currency AND w.met_at IS NULL
      AND (w.kind = 'deposit' OR b.status = 'active')
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
  INSERT INTO bonus_irregular_stakes (player_bonus_id, wallet_transaction_id, game_id, stake, threshold, created_at)
    SELECT b.id, p_wallet_tx, v_game, p_real + p_bonus, b.irregular_stake_above, p_at
    FROM player_bonuses b
    WHERE b.player_id = p_player AND b.currency = p_currency AND b.status = 'active'
      AND p_real + p_bonus > b.irregular_stake_above;
END
$$;
