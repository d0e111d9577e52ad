-- A passage is found by its tsvector alone, which the indexing job computes from the folded title and text
-- (see server/README.md, "Documents"): the folded copy of the text and the trigger that derived a vector from it
-- are gone, so every writer gives the vector.
DROP TRIGGER "document_chunks_tsv_default" ON "document_chunks";--> statement-breakpoint
DROP FUNCTION "document_chunks_tsv_default"();--> statement-breakpoint
ALTER TABLE "document_chunks" ALTER COLUMN "tsv" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "document_chunks" DROP COLUMN "search_text";
