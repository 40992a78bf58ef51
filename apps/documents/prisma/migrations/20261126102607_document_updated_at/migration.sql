-- A document's updatedAt (the spec's mapping of post_modified_gmt): existing rows start from their
-- createdAt (hand-written: the wasm engine panics on this schema's partial index).
-- AlterTable
ALTER TABLE "documents" ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

UPDATE "documents" SET "updated_at" = "created_at";
