CREATE TABLE "forecast_plan_marks" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"through_month" char(7) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_plans" (
	"entity_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"month" char(7) NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "forecast_plans_entity_id_account_id_month_pk" PRIMARY KEY("entity_id","account_id","month")
);
--> statement-breakpoint
ALTER TABLE "forecast_plan_marks" ADD CONSTRAINT "forecast_plan_marks_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_plans" ADD CONSTRAINT "forecast_plans_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_plans" ADD CONSTRAINT "forecast_plans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Plan vs actual: before the first change to a company's forecast rollups in a month, copy
-- the forecasts of every month that began since the last copy into forecast_plans (see the schema's
-- forecastPlans). The current month is the app's (SET LOCAL keel.current_month by writeTransaction),
-- else the server's UTC date. The mark row is locked for the copy, so two first writers of a month make
-- one copy, taken before either changed anything (the second finds the mark moved and copies nothing).
-- Rows the statement already changed are visible here, but the copy runs on its first forecast row.
CREATE FUNCTION keel_capture_forecast_plans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.entity_id ELSE NEW.entity_id END;
  current_month text := coalesce(
    nullif(current_setting('keel.current_month', true), ''),
    to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM'));
  through text;
BEGIN
  SELECT through_month INTO through FROM forecast_plan_marks WHERE entity_id = touched;
  IF through IS NULL OR through < current_month THEN
    INSERT INTO forecast_plan_marks (entity_id, through_month) VALUES (touched, '0000-00')
      ON CONFLICT (entity_id) DO NOTHING;
    SELECT through_month INTO through FROM forecast_plan_marks WHERE entity_id = touched FOR UPDATE;
    IF through < current_month THEN
      INSERT INTO forecast_plans (entity_id, account_id, month, amount)
        SELECT entity_id, account_id, month, amount FROM monthly_rollups
        WHERE entity_id = touched AND scenario = 'forecast' AND month > through AND month <= current_month
        ORDER BY account_id, month
      ON CONFLICT (entity_id, account_id, month) DO NOTHING;
      UPDATE forecast_plan_marks SET through_month = current_month WHERE entity_id = touched;
    END IF;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_forecast_plan_insert BEFORE INSERT ON monthly_rollups
  FOR EACH ROW WHEN (NEW.scenario = 'forecast') EXECUTE FUNCTION keel_capture_forecast_plans();
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_forecast_plan_update BEFORE UPDATE ON monthly_rollups
  FOR EACH ROW WHEN (NEW.scenario = 'forecast' OR OLD.scenario = 'forecast')
  EXECUTE FUNCTION keel_capture_forecast_plans();
--> statement-breakpoint
CREATE TRIGGER monthly_rollups_forecast_plan_delete BEFORE DELETE ON monthly_rollups
  FOR EACH ROW WHEN (OLD.scenario = 'forecast') EXECUTE FUNCTION keel_capture_forecast_plans();
