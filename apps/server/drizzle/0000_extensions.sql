-- Extensions needed by later trigram indexes (contacts and campaigns search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
