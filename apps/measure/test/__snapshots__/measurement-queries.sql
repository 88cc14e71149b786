-- sqlite: list by recipe_id
select * from "measurements" where "recipe_id" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by recipe_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "recipe_id" = ? order by "id";

-- sqlite: list by version_id
select * from "measurements" where "version_id" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by version_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "version_id" = ? order by "id";

-- sqlite: list by subtask_id
select * from "measurements" where "subtask_id" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by subtask_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "subtask_id" = ? order by "id";

-- sqlite: list by subtask_id + dates
select * from "measurements" where "subtask_id" = ? and "measured_at" >= ? and "measured_at" < ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by subtask_id + dates
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "subtask_id" = ? and "measured_at" >= ? and "measured_at" < ? order by "id";

-- sqlite: list by measured_by
select * from "measurements" where "measured_by" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by measured_by
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "measured_by" = ? order by "id";

-- sqlite: list by lot_number
select * from "measurements" where "lot_number" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by lot_number
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "lot_number" = ? order by "id";

-- sqlite: list by serial_number
select * from "measurements" where "serial_number" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by serial_number
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "serial_number" = ? order by "id";

-- sqlite: list by pass_fail
select * from "measurements" where "pass_fail" = ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by pass_fail
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "pass_fail" = ? order by "id";

-- sqlite: list by dates
select * from "measurements" where "measured_at" >= ? and "measured_at" < ? order by "measured_at" desc, "id" desc limit ? offset ?;

-- sqlite: export by dates
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "measured_at" >= ? and "measured_at" < ? order by "id";

-- postgres: list by recipe_id
select * from "measurements" where "recipe_id" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by recipe_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "recipe_id" = $1 order by "id";

-- postgres: list by version_id
select * from "measurements" where "version_id" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by version_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "version_id" = $1 order by "id";

-- postgres: list by subtask_id
select * from "measurements" where "subtask_id" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by subtask_id
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "subtask_id" = $1 order by "id";

-- postgres: list by subtask_id + dates
select * from "measurements" where "subtask_id" = $1 and "measured_at" >= $2 and "measured_at" < $3 order by "measured_at" desc, "id" desc limit $4 offset $5;

-- postgres: export by subtask_id + dates
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "subtask_id" = $1 and "measured_at" >= $2 and "measured_at" < $3 order by "id";

-- postgres: list by measured_by
select * from "measurements" where "measured_by" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by measured_by
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "measured_by" = $1 order by "id";

-- postgres: list by lot_number
select * from "measurements" where "lot_number" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by lot_number
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "lot_number" = $1 order by "id";

-- postgres: list by serial_number
select * from "measurements" where "serial_number" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by serial_number
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "serial_number" = $1 order by "id";

-- postgres: list by pass_fail
select * from "measurements" where "pass_fail" = $1 order by "measured_at" desc, "id" desc limit $2 offset $3;

-- postgres: export by pass_fail
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "pass_fail" = $1 order by "id";

-- postgres: list by dates
select * from "measurements" where "measured_at" >= $1 and "measured_at" < $2 order by "measured_at" desc, "id" desc limit $3 offset $4;

-- postgres: export by dates
select "id", "subtask_id", "version_id", "measured_by", "value", "pass_fail", "deviation", "lot_number", "serial_number", "input_method", "measured_at", "synced_to_csv", "taken_at", (select "gauges"."code" from "gauges" where "gauges"."id" = "measurements"."gauge_id") as "gauge_code" from "measurements" where "measured_at" >= $1 and "measured_at" < $2 order by "id";
