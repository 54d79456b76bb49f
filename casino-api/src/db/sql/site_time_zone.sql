-- The site's time zone (the contract's SITE_TIME_ZONE, which every page writes times in): the
-- calendar periods of the players' money limits start at its midnight, Monday and 1st
-- (money_limits_of). casino-api/tests/money-limits.test.ts checks the two agree.
CREATE OR REPLACE FUNCTION site_time_zone() RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'Europe/Madrid' $$;
