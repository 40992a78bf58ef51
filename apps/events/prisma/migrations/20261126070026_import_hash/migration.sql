-- AlterTable
ALTER TABLE "event" ADD COLUMN     "import_hash" TEXT;
