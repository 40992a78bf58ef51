-- AlterTable
ALTER TABLE "synced_record" ADD COLUMN     "same_as" TEXT;
