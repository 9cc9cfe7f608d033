-- Trigram matching for customer search (and later conversation search): LIKE '%term%'
-- and similarity ranking served by GIN indexes instead of table scans.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
