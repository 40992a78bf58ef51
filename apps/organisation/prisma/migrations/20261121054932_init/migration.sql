-- CreateEnum
CREATE TYPE "OrgType" AS ENUM ('ASSOCIATION', 'FEDERATION', 'CLUB', 'COOPERATIVE', 'FOUNDATION', 'OTHER');

-- CreateEnum
CREATE TYPE "OrgRole" AS ENUM ('OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST');

-- CreateEnum
CREATE TYPE "MembershipStatus" AS ENUM ('PENDING', 'ACTIVE', 'SUSPENDED', 'INACTIVE', 'REJECTED');

-- CreateTable
CREATE TABLE "organisation" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "subdomain" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "org_type" "OrgType" NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "website_url" TEXT NOT NULL DEFAULT '',
    "allow_join_requests" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "organisation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "role" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "name" "OrgRole" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "account_projection" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "source_updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "account_projection_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "status" "MembershipStatus" NOT NULL,
    "first_name_override" TEXT,
    "last_name_override" TEXT,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "first_name_key" TEXT NOT NULL,
    "last_name_key" TEXT NOT NULL,
    "search_text" TEXT NOT NULL,
    "joined_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "subject" TEXT NOT NULL,
    "payload" BYTEA NOT NULL,
    "headers" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processed_message" (
    "consumer" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_message_pkey" PRIMARY KEY ("consumer","message_id")
);

-- CreateIndex
CREATE INDEX "organisation_created_at_idx" ON "organisation"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "organisation_slug_live_key" ON "organisation"("slug") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "organisation_subdomain_live_key" ON "organisation"("subdomain") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE UNIQUE INDEX "role_organisation_id_name_key" ON "role"("organisation_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "role_id_organisation_id_key" ON "role"("id", "organisation_id");

-- CreateIndex
CREATE INDEX "account_projection_status_idx" ON "account_projection"("status");

-- CreateIndex
CREATE INDEX "membership_account_id_idx" ON "membership"("account_id");

-- CreateIndex
CREATE INDEX "membership_role_id_status_idx" ON "membership"("role_id", "status");

-- CreateIndex
CREATE INDEX "membership_organisation_id_status_idx" ON "membership"("organisation_id", "status");

-- CreateIndex
CREATE INDEX "membership_organisation_id_last_name_key_first_name_key_id_idx" ON "membership"("organisation_id", "last_name_key", "first_name_key", "id");

-- CreateIndex
CREATE INDEX "membership_organisation_id_first_name_key_last_name_key_id_idx" ON "membership"("organisation_id", "first_name_key", "last_name_key", "id");

-- CreateIndex
CREATE INDEX "membership_organisation_id_email_id_idx" ON "membership"("organisation_id", "email", "id");

-- CreateIndex
CREATE INDEX "membership_organisation_id_joined_at_id_idx" ON "membership"("organisation_id", "joined_at", "id");

-- CreateIndex
CREATE INDEX "membership_search_text_idx" ON "membership" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE UNIQUE INDEX "membership_organisation_id_account_id_key" ON "membership"("organisation_id", "account_id");

-- CreateIndex
CREATE INDEX "outbox_event_created_at_idx" ON "outbox_event"("created_at");

-- CreateIndex
CREATE INDEX "processed_message_processed_at_idx" ON "processed_message"("processed_at");

-- AddForeignKey
ALTER TABLE "role" ADD CONSTRAINT "role_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_role_id_organisation_id_fkey" FOREIGN KEY ("role_id", "organisation_id") REFERENCES "role"("id", "organisation_id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account_projection"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
