-- AlterTable
ALTER TABLE "notification" ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "import_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "notification_organization_id_external_id_key" ON "notification"("organization_id", "external_id") WHERE (external_id IS NOT NULL);
