CREATE INDEX "entries_name_trgm_idx" ON "entries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "entries_memo_trgm_idx" ON "entries" USING gin ("memo" gin_trgm_ops);