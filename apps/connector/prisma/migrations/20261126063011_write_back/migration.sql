-- AlterTable
ALTER TABLE "connector" ADD COLUMN     "write_back" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "synced_record" ADD COLUMN     "written_back" JSONB NOT NULL DEFAULT '{}';

-- CreateIndex
CREATE INDEX "synced_record_platform_id_idx" ON "synced_record"("platform_id");
