-- A token revoked (log-out, a password change or reset) closes its sockets on every instance at
-- once: its id goes out on 'casino_events' when the revocation commits. Run by the trigger
-- access_tokens_revoked (AFTER UPDATE OF revoked_at ON access_tokens, when it goes from unset to
-- set; declared by migration 0008).
CREATE OR REPLACE FUNCTION access_tokens_notify_revoked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('casino_events', json_build_object('playerId', NEW.player_id, 'revokedTokenId', NEW.id)::text);
  RETURN NULL;
END
$$;
