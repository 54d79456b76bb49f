-- The wallet_transactions row already recorded under a call's transaction id: its first answer
-- ('replayed', nothing moves) when the call's params are the same, else 'conflict'.
CREATE OR REPLACE FUNCTION wallet_replay(p_row wallet_transactions, p_kind wallet_transaction_kind, p_player uuid,
  p_currency currency, p_round text, p_game text, p_amount bigint, p_rolls_back text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'outcome',
    CASE WHEN p_row.kind = p_kind AND p_row.player_id = p_player AND p_row.currency = p_currency
              AND p_row.round_id = p_round AND p_row.game_id = p_game
              AND (p_amount IS NULL OR p_row.amount = p_amount)
              AND p_row.rolls_back IS NOT DISTINCT FROM p_rolls_back
         THEN 'replayed' ELSE 'conflict' END,
    'tx', to_jsonb(p_row))
$$;
