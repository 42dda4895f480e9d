CREATE TABLE "charts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"dashboard_id" uuid NOT NULL,
	"name" text NOT NULL,
	"highlight" jsonb,
	"data_groups" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "charts_data_groups_array" CHECK (jsonb_typeof("charts"."data_groups") = 'array')
);
--> statement-breakpoint
CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_month" char(7),
	"end_month" char(7),
	"positions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboards_positions_array" CHECK (jsonb_typeof("dashboards"."positions") = 'array')
);
--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charts" ADD CONSTRAINT "charts_dashboard_id_dashboards_id_fk" FOREIGN KEY ("dashboard_id") REFERENCES "public"."dashboards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charts_dashboard_idx" ON "charts" USING btree ("dashboard_id","created_at");--> statement-breakpoint
CREATE INDEX "charts_entity_idx" ON "charts" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "dashboards_entity_idx" ON "dashboards" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboards_default_key" ON "dashboards" USING btree ("entity_id") WHERE "dashboards"."is_default";