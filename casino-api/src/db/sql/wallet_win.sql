-- The provider wallet's win, one statement in the caller's transaction; wallet/games.ts calls
-- it. Answers as wallet_bet, with the outcomes ok, replayed, conflict, player_not_found,
-- currency_mismatch, round_closed (the round has its win already: a round has one, zero for a
-- lost round), round_not_found (no standing bet of this game in the round), win_above_max (more
-- than the game's maximum multiplier times the round's standing stake). A win goes back where
-- its stake came from, in the same proportion (the odd cent to real); the part that would take
-- the player's net winnings of the last 24 hours past net_winnings_limit is held
-- (held_winnings, the system account 'winnings_held') instead of credited (ADR 0036).
CREATE OR REPLACE FUNCTION wallet_win(p_provider text, p_external_id text, p_player uuid, p_currency currency, p_amount bigint,
  p_round text, p_game text, p_at timestamptz) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_acc record;
  v_row wallet_transactions;
  v_staked_real bigint;
  v_staked_bonus bigint;
  v_max numeric;
  v_net bigint;
  v_credit bigint;
  v_real bigint;
  v_bonus bigint;
  v_held_real bigint := 0;
  v_held_bonus bigint := 0;
  v_ledger uuid;
BEGIN
  IF p_amount < 0 THEN RAISE EXCEPTION 'a win cannot be negative' USING ERRCODE = '22023'; END IF;
  v_acc := wallet_open(p_player, p_currency, p_at);
  IF v_acc.refusal IS NOT NULL THEN RETURN jsonb_build_object('outcome', v_acc.refusal); END IF;

  SELECT * INTO v_row FROM wallet_transactions w WHERE w.provider = p_provider AND w.external_id = p_external_id;
  IF FOUND THEN RETURN wallet_replay(v_row, 'win', p_player, p_currency, p_round, p_game, p_amount, NULL); END IF;

  -- A round has one win (zero for a lost round): it settles the round for good.
  IF EXISTS (SELECT 1 FROM wallet_transactions w WHERE w.round_id = p_round AND w.provider = p_provider
             AND w.player_id = p_player AND w.kind = 'win') THEN
    RETURN jsonb_build_object('outcome', 'round_closed');
  END IF;

  -- The round's stakes that still stand (not rolled back), on this game. Each bet's rollback is
  -- looked up by its key (OFFSET 0 keeps the lookup per bet: as a join, a plan made on a nearly
  -- empty table read every rollback of the provider).
  SELECT sum(b.real_amount), sum(b.bonus_amount) INTO v_staked_real, v_staked_bonus
    FROM wallet_transactions b
    WHERE b.provider = p_provider AND b.round_id = p_round AND b.player_id = p_player AND b.kind = 'bet'
      AND b.game_id = p_game
      AND NOT EXISTS (SELECT 1 FROM wallet_transactions r
                      WHERE r.provider = p_provider AND r.kind = 'rollback' AND r.rolls_back = b.external_id
                      OFFSET 0);
  IF v_staked_real IS NULL THEN RETURN jsonb_build_object('outcome', 'round_not_found'); END IF;

  -- No more than the game's rules can pay for that stake.
  SELECT g.max_multiplier INTO v_max FROM games g WHERE g.id = p_game AND g.provider = p_provider;
  IF v_max IS NULL OR p_amount > (v_staked_real + v_staked_bonus) * v_max THEN
    RETURN jsonb_build_object('outcome', 'win_above_max');
  END IF;

  -- What the net winnings limit lets through: the player's wins credited less their stakes
  -- standing over the last 24 hours (this round's included); the rest is held for review.
  v_credit := p_amount;
  IF p_amount > 0 THEN
    SELECT coalesce(sum(CASE w.kind WHEN 'bet' THEN -w.amount ELSE w.real_amount + w.bonus_amount END), 0)
      INTO v_net
      FROM wallet_transactions w
      WHERE w.player_id = p_player AND w.created_at > p_at - interval '24 hours' AND w.currency = p_currency;
    v_credit := least(p_amount, greatest(net_winnings_limit(p_currency) - v_net, 0));
  END IF;

  -- A win goes back where its stake came from, in the same proportion; the odd cent to real.
  -- The part held keeps that split, for its release.
  v_bonus := (v_credit * v_staked_bonus) / (v_staked_real + v_staked_bonus);
  v_real := v_credit - v_bonus;
  IF v_credit < p_amount THEN
    v_held_bonus := (p_amount * v_staked_bonus) / (v_staked_real + v_staked_bonus) - v_bonus;
    v_held_real := p_amount - v_credit - v_held_bonus;
  END IF;
  IF p_amount > 0 THEN
    v_ledger := wallet_post('win', p_provider, p_external_id, p_player, p_currency, p_round, p_game,
                            v_acc.real_id, v_real, v_acc.bonus_id, v_bonus, p_at, p_amount - v_credit);
  END IF;
  INSERT INTO wallet_transactions (provider, external_id, kind, player_id, currency, round_id, game_id, amount,
      real_amount, bonus_amount, held, ledger_transaction_id, real_after, bonus_after, created_at)
    VALUES (p_provider, p_external_id, 'win', p_player, p_currency, p_round, p_game, p_amount, v_real, v_bonus,
      p_amount - v_credit, v_ledger, v_acc.real_balance + v_real, v_acc.bonus_balance + v_bonus, p_at)
    RETURNING * INTO v_row;
  IF v_credit < p_amount THEN
    INSERT INTO held_winnings (player_id, currency, provider, transaction_id, round_id, game_id,
        win_ledger_transaction_id, amount, real_amount, bonus_amount, created_at)
      VALUES (p_player, p_currency, p_provider, p_external_id, p_round, p_game, v_ledger, p_amount - v_credit,
        v_held_real, v_held_bonus, p_at);
  END IF;
  RETURN jsonb_build_object('outcome', 'ok', 'tx', to_jsonb(v_row));
END
$$;
