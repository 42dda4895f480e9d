CREATE TABLE "auth_throttles" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	"last_hit_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_throttles_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_last_step" bigint;--> statement-breakpoint
CREATE INDEX "auth_throttles_last_hit_idx" ON "auth_throttles" USING btree ("last_hit_at");