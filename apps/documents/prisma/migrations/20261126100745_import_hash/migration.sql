-- The connector's CONFLICT: each imported document and folder keeps the importHash of the fields
-- its last import wrote (hand-written: the wasm engine panics on this schema's partial index).
-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "import_hash" TEXT;

-- AlterTable
ALTER TABLE "folders" ADD COLUMN     "import_hash" TEXT;
