-- Trigram matching for case-insensitive substring search (transactions list, entry search).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
