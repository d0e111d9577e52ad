-- Every search reads the GIN index's whole pending list (entries of new passages not yet merged into the index).
-- PGlite never vacuums, so the list was only merged once it outgrew PostgreSQL's default of 4 MB: a search then
-- read ~480 pending pages (~100 ms). At 512 kB a search reads a few dozen at most; indexing costs the same.
ALTER INDEX "document_chunks_tsv" SET (gin_pending_list_limit = 512);
