-- Hand-written migration: runs whole, in the service schema (search_path).
-- An article's content and content_blocks (the block HTML again, with its text) average 2.4 KB and
-- 5.5 KB in the legacy site's seed, and are compressed (TOAST) on every write. lz4 does that much
-- faster than the default pglz: inserting the seed's 20,000 articles took 2.5 to 2.9 s instead of
-- 3.8 to 4.2 s in Postgres (docs/performance.md), and reading them back is faster too, for some
-- 10% more room (82 MB instead of 74 MB). Values already stored keep pglz until rewritten. A server
-- built without lz4 (every packaged PostgreSQL 14 and later has it) keeps pglz.
DO $$
BEGIN
  ALTER TABLE article ALTER COLUMN content SET COMPRESSION lz4, ALTER COLUMN content_blocks SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  RAISE NOTICE 'lz4 is not available: article content stays pglz-compressed';
END $$;
