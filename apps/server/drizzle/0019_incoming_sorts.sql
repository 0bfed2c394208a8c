CREATE INDEX "incomings_target_sort_idx" ON "incomings" USING btree ("target_y","target_x","arrival_at","id");--> statement-breakpoint
CREATE INDEX "incomings_attacker_sort_idx" ON "incomings" USING btree ("attacker_name","arrival_at","id");--> statement-breakpoint
CREATE INDEX "incomings_distance_sort_idx" ON "incomings" USING btree ("distance","arrival_at","id");--> statement-breakpoint
CREATE INDEX "incomings_kind_sort_idx" ON "incomings" USING btree ("kind","arrival_at","id");--> statement-breakpoint
CREATE INDEX "incomings_likely_sort_idx" ON "incomings" USING btree ("likely_speed","arrival_at","id");