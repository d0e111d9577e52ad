-- A passage's tsvector is computed by the indexing job (the same words and positions a question is split
-- into) and stored as given: parsing every passage with to_tsvector costs an index job more than anything else.
ALTER TABLE "document_chunks" ALTER COLUMN "tsv" DROP EXPRESSION;--> statement-breakpoint
-- A writer that leaves it out gets to_tsvector('simple', search_text).
CREATE FUNCTION "document_chunks_tsv_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.tsv IS NULL THEN
    NEW.tsv := to_tsvector('simple', NEW.search_text);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_chunks_tsv_default" BEFORE INSERT ON "document_chunks"
  FOR EACH ROW EXECUTE FUNCTION "document_chunks_tsv_default"();
