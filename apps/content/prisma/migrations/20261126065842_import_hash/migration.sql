-- AlterTable
ALTER TABLE "article" ADD COLUMN     "import_hash" TEXT;

-- AlterTable
ALTER TABLE "company" ADD COLUMN     "import_hash" TEXT;
