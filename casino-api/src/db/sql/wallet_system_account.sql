-- A system account of the currency by its code, created on first use. Answers its id.
CREATE OR REPLACE FUNCTION wallet_system_account(p_code text, p_currency currency, p_at timestamptz) RETURNS uuid
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = p_code AND a.currency = p_currency;
  IF v_id IS NULL THEN
    INSERT INTO ledger_accounts (kind, code, currency, created_at) VALUES ('system', p_code, p_currency, p_at)
      ON CONFLICT DO NOTHING;
    SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.kind = 'system' AND a.code = p_code AND a.currency = p_currency;
  END IF;
  RETURN v_id;
END
$$;
