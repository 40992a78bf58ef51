-- AlterTable
ALTER TABLE "synced_record" ADD COLUMN     "source_hash" TEXT;
