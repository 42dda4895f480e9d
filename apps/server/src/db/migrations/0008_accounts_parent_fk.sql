-- Orphans left by a sub-account created while its parent was deleted: each joins its nearest ancestor
-- that still exists (or becomes a root if none does), so its entries show in the report again.
UPDATE "accounts" AS "orphan"
SET "parent_id" = (
  SELECT "ancestor"."id"
  FROM unnest(string_to_array(trim(BOTH '/' FROM "orphan"."ancestry"), '/')) WITH ORDINALITY AS "step"("id", "depth")
  JOIN "accounts" AS "ancestor" ON "ancestor"."id"::text = "step"."id"
  ORDER BY "step"."depth" DESC
  LIMIT 1
)
WHERE "orphan"."parent_id" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "accounts" AS "parent" WHERE "parent"."id" = "orphan"."parent_id");--> statement-breakpoint
-- Every ancestry recomputed from the parent links, so a subtree moved during a delete reads true again.
WITH RECURSIVE "tree" AS (
  SELECT "id", '/'::text AS "ancestry" FROM "accounts" WHERE "parent_id" IS NULL
  UNION ALL
  SELECT "child"."id", "tree"."ancestry" || "child"."parent_id"::text || '/'
  FROM "accounts" AS "child" JOIN "tree" ON "child"."parent_id" = "tree"."id"
)
UPDATE "accounts" SET "ancestry" = "tree"."ancestry"
FROM "tree"
WHERE "accounts"."id" = "tree"."id" AND "accounts"."ancestry" <> "tree"."ancestry";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_parent_id_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;