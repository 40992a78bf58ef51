-- The connector's copy-images: an asset remembers the remote image it was copied from, once per
-- organisation and source URL among live assets.
ALTER TABLE "assets" ADD COLUMN "source_url" TEXT;

CREATE UNIQUE INDEX "assets_organization_id_source_url_key" ON "assets"("organization_id", "source_url") WHERE (deleted_at IS NULL AND source_url IS NOT NULL);
