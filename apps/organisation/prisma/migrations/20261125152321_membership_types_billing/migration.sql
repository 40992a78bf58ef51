-- CreateEnum
CREATE TYPE "AssignmentStatus" AS ENUM ('ACTIVE', 'EXPIRED');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('ISSUED', 'PAID', 'VOID');

-- CreateTable
CREATE TABLE "membership_type" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "price" DECIMAL(12,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "duration_months" INTEGER NOT NULL,
    "benefits" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "membership_type_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership_assignment" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "membership_type_id" UUID NOT NULL,
    "start_date" DATE NOT NULL,
    "end_date" DATE NOT NULL,
    "status" "AssignmentStatus" NOT NULL DEFAULT 'ACTIVE',
    "reminder_30_sent_at" TIMESTAMPTZ(3),
    "reminder_7_sent_at" TIMESTAMPTZ(3),
    "last_invoice_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "membership_assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "account_id" UUID NOT NULL,
    "membership_type_id" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" "InvoiceStatus" NOT NULL DEFAULT 'ISSUED',
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invoice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_counter" (
    "organisation_id" UUID NOT NULL,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "invoice_counter_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateTable
CREATE TABLE "payment" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "invoice_id" UUID,
    "account_id" UUID,
    "amount" DECIMAL(12,2) NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "method" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "provider_reference" TEXT,
    "paid_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "platform_subscription" (
    "organisation_id" UUID NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'FREE',
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "since" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "platform_subscription_pkey" PRIMARY KEY ("organisation_id")
);

-- CreateIndex
CREATE INDEX "membership_type_organisation_id_created_at_idx" ON "membership_type"("organisation_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "membership_type_name_live_key" ON "membership_type"("organisation_id", "name") WHERE ("deleted_at" IS NULL);

-- CreateIndex
CREATE INDEX "membership_assignment_status_end_date_idx" ON "membership_assignment"("status", "end_date");

-- CreateIndex
CREATE UNIQUE INDEX "membership_assignment_organisation_id_account_id_key" ON "membership_assignment"("organisation_id", "account_id");

-- CreateIndex
CREATE INDEX "invoice_organisation_id_issued_at_idx" ON "invoice"("organisation_id", "issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "invoice_organisation_id_number_key" ON "invoice"("organisation_id", "number");

-- CreateIndex
CREATE INDEX "payment_organisation_id_created_at_idx" ON "payment"("organisation_id", "created_at");

-- AddForeignKey
ALTER TABLE "membership_type" ADD CONSTRAINT "membership_type_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_assignment" ADD CONSTRAINT "membership_assignment_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership_assignment" ADD CONSTRAINT "membership_assignment_membership_type_id_fkey" FOREIGN KEY ("membership_type_id") REFERENCES "membership_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice" ADD CONSTRAINT "invoice_membership_type_id_fkey" FOREIGN KEY ("membership_type_id") REFERENCES "membership_type"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_counter" ADD CONSTRAINT "invoice_counter_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payment" ADD CONSTRAINT "payment_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "platform_subscription" ADD CONSTRAINT "platform_subscription_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every existing organisation has its platform subscription (new ones get theirs when created).
INSERT INTO "platform_subscription" ("organisation_id", "plan", "status", "since", "updated_at")
SELECT "id", 'FREE', CASE WHEN "deleted_at" IS NULL THEN 'ACTIVE' ELSE 'CANCELLED' END, "created_at", now() FROM "organisation";
