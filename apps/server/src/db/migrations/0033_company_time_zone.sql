-- A company's own time zone: its days and months ('today', transaction days, month ends, statement
-- months) follow it. Companies that exist keep UTC, the zone their days followed until now.
ALTER TABLE "entities" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;
