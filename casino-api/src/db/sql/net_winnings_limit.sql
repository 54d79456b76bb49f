-- The net winnings limit of a currency, in its cents: the settings' maxNetWinningsPerDay (in the
-- site's currency; 5 000 EUR when unset, as DEFAULT_SETTINGS) converted at fixed reference
-- rates for the accounts in another currency (ADR 0036: 100 INR per EUR). wallet_win holds what
-- a player wins past it.
CREATE OR REPLACE FUNCTION net_winnings_limit(p_currency currency) RETURNS bigint
LANGUAGE sql STABLE AS $$
  WITH rate(currency, per_eur) AS (VALUES ('EUR'::currency, 1), ('INR'::currency, 100)),
  site AS (
    SELECT coalesce((SELECT (s.value ->> 'maxNetWinningsPerDay')::bigint FROM settings s WHERE s.key = 'limits'),
                    500000) AS amount,
           coalesce((SELECT (s.value #>> '{}')::currency FROM settings s WHERE s.key = 'currency'),
                    'EUR'::currency) AS currency
  )
  SELECT site.amount * mine.per_eur / theirs.per_eur
  FROM site JOIN rate theirs ON theirs.currency = site.currency JOIN rate mine ON mine.currency = p_currency
$$;
