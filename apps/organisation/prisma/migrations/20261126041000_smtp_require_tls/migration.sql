-- AlterTable
ALTER TABLE "smtp_settings" ADD COLUMN     "require_tls" BOOLEAN NOT NULL DEFAULT true;
