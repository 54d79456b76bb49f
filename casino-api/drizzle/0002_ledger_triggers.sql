-- Ledger rules the database enforces itself, whatever code writes to it (hand-written: drizzle-kit
-- does not generate triggers). Names are unqualified so that they follow the search_path.

-- A posting moves its account's balance in the same statement, after checking that the
-- account's currency is the transaction's. The player-balance check constraint of
-- ledger_accounts then refuses any posting that would take a player below zero.
CREATE FUNCTION ledger_apply_posting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT a.currency FROM ledger_accounts a WHERE a.id = NEW.account_id)
     IS DISTINCT FROM (SELECT t.currency FROM ledger_transactions t WHERE t.id = NEW.transaction_id) THEN
    RAISE EXCEPTION 'ledger posting % is not in the currency of its transaction', NEW.id USING ERRCODE = '23514';
  END IF;
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_apply_posting();
--> statement-breakpoint
-- Postings are facts: a correction is a new transaction (a rollback, an adjustment).
CREATE FUNCTION ledger_postings_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings cannot be changed or deleted' USING ERRCODE = '23514';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_immutable BEFORE UPDATE OR DELETE ON ledger_postings FOR EACH ROW EXECUTE FUNCTION ledger_postings_append_only();
--> statement-breakpoint
-- At commit, the postings of every ledger transaction touched must sum to zero.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT coalesce(sum(p.amount), 0) FROM ledger_postings p WHERE p.transaction_id = NEW.transaction_id) <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance', NEW.transaction_id USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
