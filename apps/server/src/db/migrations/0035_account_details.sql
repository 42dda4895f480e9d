-- The business's EIN on the account application: sealed like the SSN, its last 4 kept
-- in clear for display. Applications made before it have none (their 1099-INT says the EIN is not on file).
ALTER TABLE "bank_applications" ADD COLUMN "ein_sealed" text;
--> statement-breakpoint
ALTER TABLE "bank_applications" ADD COLUMN "ein_last4" char(4);
--> statement-breakpoint
ALTER TABLE "bank_applications" ADD CONSTRAINT "bank_applications_ein_pair_check"
  CHECK (("ein_sealed" IS NULL) = ("ein_last4" IS NULL));
