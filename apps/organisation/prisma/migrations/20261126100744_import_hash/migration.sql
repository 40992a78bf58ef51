-- AlterTable
ALTER TABLE "membership" ADD COLUMN     "import_hash" TEXT;
