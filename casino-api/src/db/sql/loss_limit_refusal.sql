-- What wallet_bet answers instead of taking a stake whose real-money part (p_real), lost, would
-- take one of the player's loss limits (ADR 0064) past its amount: {"outcome": "loss_limit_day"
-- (or _week, _month), "limit", "left", "resets_at"} of the limit that leaves the least; null when
-- every limit allows it, or the player has none (one index probe). Called under the lock on the
-- player's accounts (wallet_open), so of two stakes at once the second counts the first.
CREATE OR REPLACE FUNCTION loss_limit_refusal(p_player uuid, p_real bigint, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
DECLARE
  r record;
BEGIN
  IF p_real <= 0 OR NOT EXISTS (SELECT 1 FROM money_limits l WHERE l.player_id = p_player AND l.kind = 'loss') THEN
    RETURN NULL;
  END IF;
  SELECT m.period, m.amount, greatest(0, m.amount - m.used) AS left_, m.resets_at INTO r
    FROM money_limits_of(p_player, 'loss', p_at) m
    WHERE m.amount IS NOT NULL AND m.used + p_real > m.amount
    ORDER BY m.amount - m.used, m.period
    LIMIT 1;
  IF NOT FOUND THEN RETURN NULL; END IF;
  RETURN jsonb_build_object('outcome', 'loss_limit_' || r.period, 'limit', r.amount, 'left', r.left_,
                            'resets_at', r.resets_at);
END
$$;
