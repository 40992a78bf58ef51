-- AlterTable
ALTER TABLE "organisation" ADD COLUMN     "custom_domain" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "organisation_custom_domain_live_key" ON "organisation"("custom_domain") WHERE ("deleted_at" IS NULL);
