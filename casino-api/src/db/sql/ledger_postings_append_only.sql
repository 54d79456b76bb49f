-- Postings are facts: a correction is a new transaction (a rollback, an adjustment). Run by the
-- trigger ledger_postings_immutable (BEFORE UPDATE OR DELETE ON ledger_postings, each row;
-- declared by migration 0002).
CREATE OR REPLACE FUNCTION ledger_postings_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings cannot be changed or deleted' USING ERRCODE = '23514';
END
$$;
