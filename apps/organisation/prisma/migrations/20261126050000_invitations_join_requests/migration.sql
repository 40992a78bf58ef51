-- CreateEnum
CREATE TYPE "InvitationStatus" AS ENUM ('PENDING', 'ACCEPTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "JoinRequestStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- CreateEnum
CREATE TYPE "CreationInvitationStatus" AS ENUM ('PENDING', 'USED', 'CANCELLED');

-- CreateTable
CREATE TABLE "invitation" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "status" "InvitationStatus" NOT NULL DEFAULT 'PENDING',
    "invited_by" TEXT NOT NULL DEFAULT '',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "join_request" (
    "id" UUID NOT NULL,
    "organisation_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "status" "JoinRequestStatus" NOT NULL DEFAULT 'PENDING',
    "account_id" UUID,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "join_request_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creation_invitation" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "org_name" TEXT NOT NULL DEFAULT '',
    "token_hash" TEXT NOT NULL,
    "status" "CreationInvitationStatus" NOT NULL DEFAULT 'PENDING',
    "created_by" TEXT NOT NULL DEFAULT '',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "organisation_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "creation_invitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invitation_token_hash_key" ON "invitation"("token_hash");

-- CreateIndex
CREATE INDEX "invitation_organisation_id_status_created_at_idx" ON "invitation"("organisation_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "invitation_pending_key" ON "invitation"("organisation_id", "account_id") WHERE (status = 'PENDING');

-- CreateIndex
CREATE INDEX "join_request_organisation_id_status_created_at_idx" ON "join_request"("organisation_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "join_request_pending_key" ON "join_request"("organisation_id", "email") WHERE (status = 'PENDING');

-- CreateIndex
CREATE UNIQUE INDEX "creation_invitation_token_hash_key" ON "creation_invitation"("token_hash");

-- CreateIndex
CREATE INDEX "creation_invitation_status_created_at_idx" ON "creation_invitation"("status", "created_at");

-- AddForeignKey
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "join_request" ADD CONSTRAINT "join_request_organisation_id_fkey" FOREIGN KEY ("organisation_id") REFERENCES "organisation"("id") ON DELETE CASCADE ON UPDATE CASCADE;
