-- A player's money limits of one kind (ADRs 0061, 0064) at p_at: for each period (day, week,
-- month, in that order) the limit in force (null: none), the change waiting, when the calendar
-- period began and when it resets (midnight, Monday and the 1st on the site's local clock, so
-- summer time moves nothing), and what it has used so far:
--  - deposit: every deposit asked for in the period that is pending or complete;
--  - loss: the net loss at play, the real-money stakes less the real money won and given back, of
--    every provider's rounds (negative when the player is ahead). Bonus money is not the player's
--    own, and a win's part held for review (held_winnings) is not counted as won until paid.
-- The web app's pages read it (limits.ts), and wallet_bet refuses by it (loss_limit_refusal).
CREATE OR REPLACE FUNCTION money_limits_of(p_player uuid, p_kind money_limit_kind, p_at timestamptz)
  RETURNS TABLE (period deposit_limit_period, amount bigint, next_amount bigint, next_from timestamptz,
                 used bigint, resets_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT p.period, l.amount, l.next_amount, l.next_from,
    CASE p_kind
      WHEN 'deposit' THEN (SELECT coalesce(sum(pay.amount), 0) FROM payments pay
        WHERE pay.player_id = p_player AND pay.kind = 'deposit' AND pay.status IN ('pending', 'complete')
          AND pay.created_at >= w.starts_at AND pay.created_at < w.resets_at)
      ELSE (SELECT coalesce(sum(CASE wt.kind WHEN 'bet' THEN wt.real_amount ELSE -wt.real_amount END), 0)
        FROM wallet_transactions wt
        WHERE wt.player_id = p_player AND wt.created_at >= w.starts_at AND wt.created_at < w.resets_at)
    END::bigint,
    w.resets_at
  FROM unnest(enum_range(NULL::deposit_limit_period)) WITH ORDINALITY AS p(period, n)
  CROSS JOIN LATERAL (SELECT
      date_trunc(p.period::text, p_at AT TIME ZONE site_time_zone()) AT TIME ZONE site_time_zone() AS starts_at,
      (date_trunc(p.period::text, p_at AT TIME ZONE site_time_zone()) + ('1 ' || p.period::text)::interval)
        AT TIME ZONE site_time_zone() AS resets_at
    ) w
  LEFT JOIN money_limits l ON l.player_id = p_player AND l.kind = p_kind AND l.period = p.period
  ORDER BY p.n
$$;
