-- AlterTable
ALTER TABLE "registration" ADD COLUMN     "waitlisted_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "event_live_organization_id_status_idx" ON "event"("organization_id", "status") WHERE (deleted_at IS NULL);

-- CreateIndex
CREATE INDEX "registration_event_id_status_waitlisted_at_idx" ON "registration"("event_id", "status", "waitlisted_at");

-- Registrations already waiting keep their place in the queue (they joined it when they registered).
UPDATE "registration" SET "waitlisted_at" = "created_at" WHERE "status" = 'WAITLISTED';
