-- AlterTable
ALTER TABLE "membership" ADD COLUMN     "address_line1" TEXT,
ADD COLUMN     "city" TEXT,
ADD COLUMN     "company" TEXT,
ADD COLUMN     "date_of_birth" DATE,
ADD COLUMN     "display_name" TEXT,
ADD COLUMN     "external_id" TEXT,
ADD COLUMN     "is_certified" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "is_excluded_from_listing" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "job_title" TEXT,
ADD COLUMN     "membership_renewal_date" DATE,
ADD COLUMN     "phone_number" TEXT,
ADD COLUMN     "postal_code" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "membership_organisation_id_external_id_key" ON "membership"("organisation_id", "external_id");
