-- AlterTable
ALTER TABLE "invoice" ALTER COLUMN "amount" SET DATA TYPE DECIMAL(13,3);

-- AlterTable
ALTER TABLE "membership_type" ALTER COLUMN "price" SET DATA TYPE DECIMAL(13,3);

-- AlterTable
ALTER TABLE "payment" ALTER COLUMN "amount" SET DATA TYPE DECIMAL(13,3);
