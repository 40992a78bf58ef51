-- CreateTable
CREATE TABLE "article" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "title_search" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "content_blocks" JSONB NOT NULL DEFAULT '[]',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "excerpt_auto" BOOLEAN NOT NULL DEFAULT false,
    "cover_image_url" TEXT NOT NULL DEFAULT '',
    "members_only" BOOLEAN NOT NULL DEFAULT false,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "scheduled_at" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "published_by" UUID,
    "announcement" TEXT NOT NULL DEFAULT 'NONE',
    "view_count" BIGINT NOT NULL DEFAULT 0,
    "slug" TEXT,
    "category" TEXT NOT NULL DEFAULT '',
    "author_name" TEXT NOT NULL DEFAULT '',
    "author_email" TEXT NOT NULL DEFAULT '',
    "featured_image_url" TEXT NOT NULL DEFAULT '',
    "source_created_at" TIMESTAMPTZ(3),
    "source_updated_at" TIMESTAMPTZ(3),
    "external_id" TEXT,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "article_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "comment" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "article_id" UUID NOT NULL,
    "parent_id" UUID,
    "root_id" UUID NOT NULL,
    "depth" INTEGER NOT NULL DEFAULT 0,
    "author_id" UUID NOT NULL,
    "author_name" TEXT NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "removed_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "comment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "company" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "company_name" TEXT NOT NULL,
    "name_search" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "website" TEXT NOT NULL DEFAULT '',
    "contact_phone" TEXT NOT NULL DEFAULT '',
    "contact_email" TEXT NOT NULL DEFAULT '',
    "logo_url" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'PUBLISHED',
    "external_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "company_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "article_organization_id_status_published_at_idx" ON "article"("organization_id", "status", "published_at" DESC);

-- CreateIndex
CREATE INDEX "article_organization_id_created_at_idx" ON "article"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "article_tags_idx" ON "article" USING GIN ("tags");

-- CreateIndex
CREATE INDEX "article_announcement_published_at_idx" ON "article"("announcement", "published_at");

-- CreateIndex
CREATE UNIQUE INDEX "article_organization_id_slug_key" ON "article"("organization_id", "slug") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "article_organization_id_external_id_key" ON "article"("organization_id", "external_id") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "comment_article_id_depth_created_at_idx" ON "comment"("article_id", "depth", "created_at");

-- CreateIndex
CREATE INDEX "comment_root_id_created_at_idx" ON "comment"("root_id", "created_at");

-- CreateIndex
CREATE INDEX "comment_parent_id_idx" ON "comment"("parent_id");

-- CreateIndex
CREATE INDEX "company_organization_id_name_search_idx" ON "company"("organization_id", "name_search");

-- CreateIndex
CREATE UNIQUE INDEX "company_organization_id_external_id_key" ON "company"("organization_id", "external_id") WHERE ("deleted_at" IS NULL);

-- AddForeignKey
ALTER TABLE "comment" ADD CONSTRAINT "comment_article_id_fkey" FOREIGN KEY ("article_id") REFERENCES "article"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
