-- Hand-written migration: runs whole, in the service schema (search_path).
-- pg_trgm backs the title search of articles (article.title_search) and the name search of
-- companies (company.name_search), GIN gin_trgm_ops, as it backs organisation's member search. It
-- is installed in pg_catalog, which is on every search_path, because an extension exists once per
-- database: every service schema (and every test schema) then resolves gin_trgm_ops without
-- qualifying it, and dropping a schema never drops the extension. Where the migration role may not
-- create it, a DBA runs this statement once; IF NOT EXISTS then makes it a no-op here.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA pg_catalog;
