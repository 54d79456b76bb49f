-- Sends up to p_limit waiting events on 'casino_events', oldest first, and deletes them, in one
-- transaction: an event is sent once (the NOTIFY goes out when that transaction commits, the
-- delete with it), whichever instance relays it. One relay at a time per schema (a transaction
-- lock), so a player's events go out in the order they were written. Answers how many it sent.
-- realtime/outbox.ts calls it.
CREATE OR REPLACE FUNCTION realtime_relay(p_limit integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_sent integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('casino-api:realtime_relay:' || current_schema())) THEN
    RETURN 0;
  END IF;
  WITH sent AS (
    DELETE FROM realtime_outbox o WHERE o.id IN (SELECT w.id FROM realtime_outbox w ORDER BY w.id LIMIT p_limit)
    RETURNING o.id, o.payload
  )
  SELECT count(pg_notify('casino_events', s.payload)) INTO v_sent FROM (SELECT * FROM sent ORDER BY id) s;
  RETURN v_sent;
END
$$;
