-- CreateTable
CREATE TABLE "password_reset_verify_throttle" (
    "email_hash" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "tries" INTEGER NOT NULL,

    CONSTRAINT "password_reset_verify_throttle_pkey" PRIMARY KEY ("email_hash")
);
