-- CreateTable
CREATE TABLE "projection_backfill" (
    "name" TEXT NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "rows" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "projection_backfill_pkey" PRIMARY KEY ("name")
);
