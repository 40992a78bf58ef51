-- CreateTable
CREATE TABLE "documents" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "folder_id" UUID,
    "name" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "file_size" BIGINT NOT NULL,
    "access" TEXT NOT NULL,
    "storage_provider" TEXT NOT NULL,
    "object_key" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "uploaded_by" UUID NOT NULL,
    "external_id" TEXT,
    "remote_url" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),
    "purged_at" TIMESTAMPTZ(3),

    CONSTRAINT "documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "folders" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "parent_folder_id" UUID,
    "name" TEXT NOT NULL,
    "external_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "folders_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "documents_organization_id_folder_id_created_at_idx" ON "documents"("organization_id", "folder_id", "created_at");

-- CreateIndex
CREATE INDEX "documents_deleted_at_purged_at_idx" ON "documents"("deleted_at", "purged_at");

-- CreateIndex
CREATE INDEX "folders_organization_id_parent_folder_id_idx" ON "folders"("organization_id", "parent_folder_id");

-- AddForeignKey
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_fkey" FOREIGN KEY ("folder_id") REFERENCES "folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "folders" ADD CONSTRAINT "folders_parent_folder_id_fkey" FOREIGN KEY ("parent_folder_id") REFERENCES "folders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written (Prisma cannot express partial or expression indexes): folder names are unique,
-- case-insensitively, among the live folders of one parent (the top level counts as one parent).
CREATE UNIQUE INDEX "folders_sibling_name_key" ON "folders" ("organization_id", COALESCE("parent_folder_id", '00000000-0000-0000-0000-000000000000'::uuid), lower("name")) WHERE "deleted_at" IS NULL;

-- Imports upsert by the source's id.
CREATE UNIQUE INDEX "folders_external_id_key" ON "folders" ("organization_id", "external_id") WHERE "external_id" IS NOT NULL;
CREATE UNIQUE INDEX "documents_external_id_key" ON "documents" ("organization_id", "external_id") WHERE "external_id" IS NOT NULL;

-- Listing and quota read live documents only.
CREATE INDEX "documents_live_idx" ON "documents" ("organization_id", "created_at" DESC) WHERE "deleted_at" IS NULL;
