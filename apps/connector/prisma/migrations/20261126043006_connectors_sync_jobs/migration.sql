-- CreateTable
CREATE TABLE "connector" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "type_code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ACTIVE',
    "site_url" TEXT NOT NULL,
    "sync_key_sealed" TEXT NOT NULL,
    "enabled_entity_types" TEXT[],
    "sync_interval_minutes" INTEGER NOT NULL DEFAULT 0,
    "copy_images" BOOLEAN NOT NULL DEFAULT false,
    "copy_document_files" BOOLEAN NOT NULL DEFAULT false,
    "field_mappings" JSONB NOT NULL DEFAULT '{}',
    "source_timezone" TEXT NOT NULL DEFAULT '+00:00',
    "initial_import_completed_at" TIMESTAMPTZ(3),
    "last_sync_at" TIMESTAMPTZ(3),
    "last_completed_start_at" TIMESTAMPTZ(3),
    "next_sync_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_by" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "connector_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_job" (
    "id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "job_type" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "trigger" TEXT NOT NULL,
    "started_by" UUID NOT NULL,
    "since" TIMESTAMPTZ(3),
    "progress" JSONB NOT NULL DEFAULT '{}',
    "error_message" TEXT,
    "stop_requested" BOOLEAN NOT NULL DEFAULT false,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "heartbeat_at" TIMESTAMPTZ(3),

    CONSTRAINT "sync_job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sync_log" (
    "id" BIGSERIAL NOT NULL,
    "job_id" UUID NOT NULL,
    "connector_id" UUID NOT NULL,
    "entity_type" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "platform_id" TEXT,
    "message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sync_log_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "synced_record" (
    "connector_id" UUID NOT NULL,
    "entity_type" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "platform_id" TEXT NOT NULL,
    "last_job_id" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "synced_record_pkey" PRIMARY KEY ("connector_id","entity_type","external_id")
);

-- CreateIndex
CREATE INDEX "connector_organization_id_created_at_idx" ON "connector"("organization_id", "created_at");

-- CreateIndex
CREATE INDEX "connector_status_next_sync_at_idx" ON "connector"("status", "next_sync_at");

-- CreateIndex
CREATE INDEX "sync_job_connector_id_created_at_idx" ON "sync_job"("connector_id", "created_at");

-- CreateIndex
CREATE INDEX "sync_job_status_created_at_idx" ON "sync_job"("status", "created_at");

-- CreateIndex
CREATE INDEX "sync_log_job_id_id_idx" ON "sync_log"("job_id", "id");

-- CreateIndex
CREATE INDEX "sync_log_job_id_action_id_idx" ON "sync_log"("job_id", "action", "id");

-- AddForeignKey
ALTER TABLE "sync_job" ADD CONSTRAINT "sync_job_connector_id_fkey" FOREIGN KEY ("connector_id") REFERENCES "connector"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- One PENDING or RUNNING job per connector at a time, whichever replica starts it (a second start is 409).
CREATE UNIQUE INDEX "sync_job_one_active_per_connector" ON "sync_job"("connector_id") WHERE "status" IN ('PENDING', 'RUNNING');
