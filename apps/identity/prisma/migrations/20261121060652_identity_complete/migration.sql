-- AlterTable
ALTER TABLE "account" ADD COLUMN     "password_changed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "password_reset_code" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "invalidated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_throttle" (
    "email_hash" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "password_reset_throttle_pkey" PRIMARY KEY ("email_hash")
);

-- CreateTable
CREATE TABLE "mfa_credential" (
    "account_id" UUID NOT NULL,
    "secret_sealed" TEXT NOT NULL,
    "enabled_at" TIMESTAMPTZ(3),
    "last_used_step" INTEGER,
    "code_checks" INTEGER NOT NULL DEFAULT 0,
    "code_checks_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_credential_pkey" PRIMARY KEY ("account_id")
);

-- CreateTable
CREATE TABLE "mfa_backup_code" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "code_hash" TEXT NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_backup_code_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mfa_challenge" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "organization_id" UUID,
    "device_id" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mfa_challenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "system_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "allow_public_registration" BOOLEAN NOT NULL DEFAULT true,
    "max_organisations_per_user" INTEGER NOT NULL DEFAULT 10,
    "default_storage_provider" TEXT NOT NULL DEFAULT 'local',
    "token_rotation_strategy" TEXT NOT NULL DEFAULT 'CREATE_NEW',
    "max_active_tokens_per_user" INTEGER NOT NULL DEFAULT 5,
    "secrets" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_by" UUID,

    CONSTRAINT "system_settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" UUID NOT NULL,
    "event_id" TEXT NOT NULL,
    "user_id" UUID,
    "user_email" TEXT,
    "organization_id" UUID,
    "action" TEXT NOT NULL,
    "resource_type" TEXT,
    "resource_id" TEXT,
    "ip_address" TEXT,
    "user_agent" TEXT,
    "detail" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "password_reset_code_account_id_created_at_idx" ON "password_reset_code"("account_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "mfa_backup_code_account_id_code_hash_key" ON "mfa_backup_code"("account_id", "code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "mfa_challenge_token_hash_key" ON "mfa_challenge"("token_hash");

-- CreateIndex
CREATE INDEX "mfa_challenge_account_id_idx" ON "mfa_challenge"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "audit_log_event_id_key" ON "audit_log"("event_id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_id_idx" ON "audit_log"("created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "audit_log_user_id_created_at_idx" ON "audit_log"("user_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_organization_id_created_at_idx" ON "audit_log"("organization_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log"("action", "created_at" DESC);

-- CreateIndex
CREATE INDEX "session_account_id_device_id_idx" ON "session"("account_id", "device_id");

-- AddForeignKey
ALTER TABLE "password_reset_code" ADD CONSTRAINT "password_reset_code_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mfa_credential" ADD CONSTRAINT "mfa_credential_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mfa_backup_code" ADD CONSTRAINT "mfa_backup_code_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mfa_challenge" ADD CONSTRAINT "mfa_challenge_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "account"("id") ON DELETE CASCADE ON UPDATE CASCADE;
