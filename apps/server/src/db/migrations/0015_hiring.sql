CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"ancestry" text DEFAULT '/' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"job_title_id" uuid NOT NULL,
	"employee_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"salary_cents" bigint,
	"rate_cents" bigint,
	"hours" integer,
	"start_month" char(7) NOT NULL,
	"end_month" char(7),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_positions_terms" CHECK ("job_positions"."quantity" >= 1 AND "job_positions"."salary_cents" >= 0 AND "job_positions"."rate_cents" >= 0 AND "job_positions"."hours" >= 0 AND "job_positions"."end_month" >= "job_positions"."start_month")
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"default_salary_cents" bigint,
	"default_bonus_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_titles_defaults_not_negative" CHECK ("job_titles"."default_salary_cents" >= 0 AND "job_titles"."default_bonus_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_parent_id_departments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_positions" ADD CONSTRAINT "job_positions_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_titles" ADD CONSTRAINT "job_titles_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "departments_entity_idx" ON "departments" USING btree ("entity_id","ancestry");--> statement-breakpoint
CREATE INDEX "departments_parent_idx" ON "departments" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_top_level_key" ON "departments" USING btree ("entity_id") WHERE "departments"."parent_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_sibling_name_key" ON "departments" USING btree ("parent_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "employees_name_key" ON "employees" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "job_positions_entity_idx" ON "job_positions" USING btree ("entity_id");--> statement-breakpoint
CREATE INDEX "job_positions_department_idx" ON "job_positions" USING btree ("department_id","position");--> statement-breakpoint
CREATE INDEX "job_positions_job_title_idx" ON "job_positions" USING btree ("job_title_id");--> statement-breakpoint
CREATE INDEX "job_positions_employee_idx" ON "job_positions" USING btree ("employee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_name_key" ON "job_titles" USING btree ("entity_id",lower("name"));