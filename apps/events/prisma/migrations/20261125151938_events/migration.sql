-- CreateTable
CREATE TABLE "event" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "event_type" TEXT NOT NULL,
    "category" TEXT NOT NULL DEFAULT '',
    "start_date" TIMESTAMPTZ(3) NOT NULL,
    "end_date" TIMESTAMPTZ(3) NOT NULL,
    "venue_name" TEXT NOT NULL DEFAULT '',
    "address" JSONB NOT NULL DEFAULT '{}',
    "location_type_note" TEXT NOT NULL DEFAULT '',
    "registration_required" BOOLEAN NOT NULL DEFAULT false,
    "max_attendees" INTEGER,
    "waiting_list_enabled" BOOLEAN NOT NULL DEFAULT false,
    "is_free" BOOLEAN NOT NULL DEFAULT true,
    "base_price" DECIMAL(12,2),
    "member_price" DECIMAL(12,2),
    "early_bird_price" DECIMAL(12,2),
    "early_bird_deadline" TIMESTAMPTZ(3),
    "currency" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'DRAFT',
    "excerpt" TEXT NOT NULL DEFAULT '',
    "is_all_day" BOOLEAN NOT NULL DEFAULT false,
    "is_virtual" BOOLEAN NOT NULL DEFAULT false,
    "cost" TEXT NOT NULL DEFAULT '',
    "registration_url" TEXT NOT NULL DEFAULT '',
    "featured_image_url" TEXT NOT NULL DEFAULT '',
    "attending_count" INTEGER NOT NULL DEFAULT 0,
    "external_id" TEXT,
    "needs_review" BOOLEAN NOT NULL DEFAULT false,
    "confirmed_count" INTEGER NOT NULL DEFAULT 0,
    "waitlisted_count" INTEGER NOT NULL DEFAULT 0,
    "survey_questions" JSONB NOT NULL DEFAULT '[]',
    "cancellation_reason" TEXT,
    "published_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "registration" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "ticket_type" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    "cancelled_at" TIMESTAMPTZ(3),
    "price" DECIMAL(12,2) NOT NULL,
    "currency" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "survey_response_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registration_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "survey_response" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "registration_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "answers" JSONB NOT NULL DEFAULT '[]',
    "submitted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "survey_response_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_organization_id_start_date_idx" ON "event"("organization_id", "start_date");

-- CreateIndex
CREATE INDEX "event_status_end_date_idx" ON "event"("status", "end_date");

-- CreateIndex
CREATE UNIQUE INDEX "event_organization_id_external_id_key" ON "event"("organization_id", "external_id") WHERE (deleted_at IS NULL AND external_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "registration_event_id_status_created_at_idx" ON "registration"("event_id", "status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "registration_event_id_user_id_key" ON "registration"("event_id", "user_id") WHERE (status <> 'CANCELLED');

-- CreateIndex
CREATE UNIQUE INDEX "survey_response_registration_id_key" ON "survey_response"("registration_id");

-- CreateIndex
CREATE INDEX "survey_response_event_id_created_at_idx" ON "survey_response"("event_id", "created_at");

-- AddForeignKey
ALTER TABLE "registration" ADD CONSTRAINT "registration_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
