-- CreateEnum
CREATE TYPE "EmailStatus" AS ENUM ('SENT', 'FAILED', 'BOUNCED');

-- CreateEnum
CREATE TYPE "PushJobStatus" AS ENUM ('PENDING', 'DONE', 'SKIPPED', 'FAILED');

-- CreateTable
CREATE TABLE "email_delivery" (
    "id" UUID NOT NULL,
    "organization_id" UUID,
    "template_type" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "variables" JSONB NOT NULL,
    "secrets" JSONB NOT NULL DEFAULT '{}',
    "source_event_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_log" (
    "id" UUID NOT NULL,
    "organization_id" UUID,
    "recipient" TEXT NOT NULL,
    "template_type" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL,
    "error" TEXT,
    "attempts" INTEGER NOT NULL,
    "smtp_message_id" TEXT,
    "source_event_id" TEXT,
    "queued_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "notification" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "target_type" TEXT NOT NULL,
    "target_user_id" UUID,
    "target_role" TEXT,
    "data" JSONB NOT NULL DEFAULT '{}',
    "members_only" BOOLEAN NOT NULL,
    "sender_id" UUID NOT NULL,
    "recipient_count" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "inbox_entry" (
    "notification_id" UUID NOT NULL,
    "recipient_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "inbox_entry_pkey" PRIMARY KEY ("notification_id","recipient_id")
);

-- CreateTable
CREATE TABLE "push_job" (
    "notification_id" UUID NOT NULL,
    "status" "PushJobStatus" NOT NULL DEFAULT 'PENDING',
    "cursor_recipient" UUID,
    "cursor_token" UUID,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "tokens_removed" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "push_job_pkey" PRIMARY KEY ("notification_id")
);

-- CreateTable
CREATE TABLE "device_token" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "push_token" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "device_name" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "device_token_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_projection" (
    "organization_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "role" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "version" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "member_projection_pkey" PRIMARY KEY ("organization_id","account_id")
);

-- CreateTable
CREATE TABLE "processed_message" (
    "consumer" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "processed_message_pkey" PRIMARY KEY ("consumer","message_id")
);

-- CreateIndex
CREATE INDEX "email_delivery_next_attempt_at_idx" ON "email_delivery"("next_attempt_at");

-- CreateIndex
CREATE INDEX "email_log_organization_id_created_at_idx" ON "email_log"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "email_log_created_at_idx" ON "email_log"("created_at" DESC);

-- CreateIndex
CREATE INDEX "notification_organization_id_created_at_idx" ON "notification"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "inbox_entry_recipient_id_organization_id_created_at_idx" ON "inbox_entry"("recipient_id", "organization_id", "created_at" DESC) WHERE (deleted_at IS NULL);

-- CreateIndex
CREATE INDEX "push_job_status_next_attempt_at_idx" ON "push_job"("status", "next_attempt_at");

-- CreateIndex
CREATE UNIQUE INDEX "device_token_push_token_key" ON "device_token"("push_token");

-- CreateIndex
CREATE INDEX "device_token_account_id_id_idx" ON "device_token"("account_id", "id");

-- CreateIndex
CREATE INDEX "member_projection_organization_id_status_role_idx" ON "member_projection"("organization_id", "status", "role");

-- CreateIndex
CREATE INDEX "processed_message_processed_at_idx" ON "processed_message"("processed_at");

-- AddForeignKey
ALTER TABLE "inbox_entry" ADD CONSTRAINT "inbox_entry_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "push_job" ADD CONSTRAINT "push_job_notification_id_fkey" FOREIGN KEY ("notification_id") REFERENCES "notification"("id") ON DELETE CASCADE ON UPDATE CASCADE;
