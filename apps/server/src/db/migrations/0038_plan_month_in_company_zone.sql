-- Plan vs actual follows the company's own month: the forecast plan trigger (0018) took the current month
-- from `keel.current_month`, a UTC month. It now takes the app's instant (`keel.now`, set by
-- writeTransaction from the app's clock; else the database's now()) and reads it in the company's time
-- zone (entities.time_zone), so a Los Angeles company's month begins at its own midnight.
CREATE OR REPLACE FUNCTION keel_capture_forecast_plans() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.entity_id ELSE NEW.entity_id END;
  zone text := coalesce((SELECT time_zone FROM entities WHERE id = touched), 'UTC');
  app_now timestamptz := coalesce(nullif(current_setting('keel.now', true), '')::timestamptz, now());
  current_month text := to_char(app_now AT TIME ZONE zone, 'YYYY-MM');
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
