-- CreateEnum
CREATE TYPE "DirectoryVisibility" AS ENUM ('MEMBERS_ONLY', 'ADMINS_ONLY');

-- CreateTable
CREATE TABLE "branding" (
    "organisation_id" UUID NOT NULL,
    "primary_color" TEXT NOT NULL,
    "secondary_color" TEXT NOT NULL,
    "font_family" TEXT NOT NULL,
    "logo_url" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "branding_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateTable
CREATE TABLE "legal_pages" (
    "organisation_id" UUID NOT NULL,
    "terms_of_service" TEXT NOT NULL DEFAULT '',
    "privacy_policy" TEXT NOT NULL DEFAULT '',
    "cookie_policy" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "legal_pages_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateTable
CREATE TABLE "directory_config" (
    "organisation_id" UUID NOT NULL,
    "visibility" "DirectoryVisibility" NOT NULL DEFAULT 'MEMBERS_ONLY',
    "show_email" BOOLEAN NOT NULL DEFAULT false,
    "show_phone" BOOLEAN NOT NULL DEFAULT false,
    "allow_member_search" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "directory_config_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateIndex
CREATE INDEX "membership_directory_last_name_idx" ON "membership"("organisation_id", "last_name_key", "first_name_key", "id") WHERE (status = 'ACTIVE' AND NOT is_excluded_from_listing);

-- CreateIndex
CREATE INDEX "membership_directory_first_name_idx" ON "membership"("organisation_id", "first_name_key", "last_name_key", "id") WHERE (status = 'ACTIVE' AND NOT is_excluded_from_listing);

-- AddForeignKey
ALTER TABLE "branding" ADD CONSTRAINT "branding_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "legal_pages" ADD CONSTRAINT "legal_pages_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "directory_config" ADD CONSTRAINT "directory_config_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
