-- AlterTable
ALTER TABLE "documents" ADD COLUMN "storage_target_id" UUID;

-- CreateTable
CREATE TABLE "storage_targets" (
    "id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL DEFAULT '',
    "region" TEXT NOT NULL DEFAULT '',
    "bucket" TEXT NOT NULL DEFAULT '',
    "force_path_style" BOOLEAN NOT NULL DEFAULT false,
    "access_key_id" TEXT NOT NULL DEFAULT '',
    "secret_sealed" TEXT,
    "object_store_project_id" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" UUID NOT NULL,

    CONSTRAINT "storage_targets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "storage_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "current_target_id" UUID NOT NULL,
    "quota_bytes" BIGINT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" UUID NOT NULL,

    CONSTRAINT "storage_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "assets" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "asset_type" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "file_size" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "storage_provider" TEXT NOT NULL,
    "storage_target_id" UUID,
    "object_key" TEXT NOT NULL,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "assets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "object_purges" (
    "id" UUID NOT NULL,
    "storage_provider" TEXT NOT NULL,
    "storage_target_id" UUID,
    "object_key" TEXT NOT NULL,
    "purge_after" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "object_purges_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "assets_organization_id_idx" ON "assets"("organization_id");

-- CreateIndex
CREATE INDEX "object_purges_purge_after_idx" ON "object_purges"("purge_after");

-- Hand-written: one settings row at most.
ALTER TABLE "storage_settings" ADD CONSTRAINT "storage_settings_single_row" CHECK ("id" = 1);

-- Listing one folder, newest first, reads live documents only (the benchmark's 10,000-document
-- folder); `access` is carried so the access filter and the page's count need no heap row once the
-- table is vacuumed (index-only scans).
CREATE INDEX "documents_live_folder_idx" ON "documents" ("organization_id", "folder_id", "created_at" DESC, "id") INCLUDE ("access") WHERE "deleted_at" IS NULL;
