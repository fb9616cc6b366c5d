// SPDX-License-Identifier: GPL-2.0
/* One run's grouped delay table (table.json) printed as text, perf-sched-latency style, or Markdown. */
#include "ci/columns.h"
#include "ci/table_print.h"

#define RULE                                                                     \
	" ---------------------------------------------------------------------" \
	"---------------------------------------\n"

static double num(const json_t *g, const char *key)
{
	return json_number_value(json_object_get(g, key));
}

static void row(FILE *f, const json_t *g, int markdown)
{
	const char *task = json_string_value(json_object_get(g, "task"));

	if (!task)
		task = json_string_value(json_object_get(g, "comm"));
	if (!task)
		task = "?";
	if (markdown)
		fprintf(f, "| %s | %.3f | %lld | %.3f | %.3f | %.3f |\n", task,
			num(g, "runtime_ms"), (long long)num(g, "switches"),
			num(g, "avg_delay_ms"), num(g, "max_delay_ms"),
			num(g, "sum_delay_ms"));
	else
		fprintf(f,
			"  %-22s|%11.3f ms |%9lld | avg:%9.3f ms | max:%9.3f ms | sum:%10.3f ms |\n",
			task, num(g, "runtime_ms"),
			(long long)num(g, "switches"), num(g, "avg_delay_ms"),
			num(g, "max_delay_ms"), num(g, "sum_delay_ms"));
}

void ci_table_print(FILE *f, const json_t *table, int markdown,
		    const char *groups)
{
	const json_t *rows = json_object_get(table, "groups"),
		     *total = json_object_get(table, "total");

	if (markdown)
		fprintf(f,
			"| Task | Runtime ms | Switches | Avg delay ms | Max delay ms | Sum delay ms |\n"
			"|---|---:|---:|---:|---:|---:|\n");
	else
		fprintf(f,
			RULE "  %-22s|%14s |%9s | %-16s| %-16s| %-17s|\n" RULE,
			"Task", "Runtime ms", "Switches", "Avg delay ms",
			"Max delay ms", "Sum delay ms");
	for (size_t i = 0; i < json_array_size(rows); i++) {
		const json_t *g = json_array_get(rows, i);
		const char *comm =
			json_string_value(json_object_get(g, "comm"));

		if (ci_group_listed(groups, comm ? comm : ""))
			row(f, g, markdown);
	}
	if (!markdown)
		fputs(RULE, f);
	if (json_is_object(total)) {
		row(f, total, markdown);
		if (!markdown)
			fputs(RULE, f);
	}
}
