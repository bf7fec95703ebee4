-- Live definition of ledger_transaction_balanced(), as migration 0029 installs it (docs/architecture.md, "SQL functions").
-- Change it here, then in a new migration that installs this file's text; sql-definitions.test.ts
-- fails while the two differ.
-- Its two DEFERRABLE INITIALLY DEFERRED constraint triggers (ledger_entries_balanced,
-- ledger_transactions_balanced) are in migration 0029: PostgreSQL has no CREATE OR REPLACE for them.
CREATE OR REPLACE FUNCTION ledger_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tx_id uuid;
  entry_count integer;
  total numeric;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    tx_id := NEW.transaction_id;
  ELSE
    tx_id := NEW.id;
  END IF;
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO entry_count, total
    FROM ledger_entries WHERE transaction_id = tx_id;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced: % entries summing to %', tx_id, entry_count, total
      USING ERRCODE = '23514', CONSTRAINT = 'ledger_transaction_balanced';
  END IF;
  RETURN NULL;
END;
$$;
