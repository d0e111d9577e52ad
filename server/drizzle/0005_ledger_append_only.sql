-- The ledger is append-only: entries and token transactions are inserted, never changed or removed.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER token_transactions_append_only BEFORE UPDATE OR DELETE ON "token_transactions" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
