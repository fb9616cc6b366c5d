// SPDX-License-Identifier: GPL-2.0
/* One run's grouped delay table (table.json) printed as text, perf-sched-latency style, or Markdown. */
#include "ci/columns.h"
#include "ci/fold.h"
#include "ci/table_print.h"

#define MAX_FOLDED 64
#define RULE                                                                     \
	" ---------------------------------------------------------------------" \
	"---------------------------------------\n"

static void row(FILE *f, const char *task, const struct ci_fold_row *r,
		double avg_ms, int markdown)
{
	if (markdown)
		fprintf(f, "| %s | %.3f | %.0f | %.3f | %.3f | %.3f |\n", task,
			r->runtime_ms, r->switches, avg_ms, r->max_delay_ms,
			r->sum_delay_ms);
	else
		fprintf(f,
			"  %-22s|%11.3f ms |%9.0f | avg:%9.3f ms | max:%9.3f ms | sum:%10.3f ms |\n",
			task, r->runtime_ms, r->switches, avg_ms,
			r->max_delay_ms, r->sum_delay_ms);
}

/* A row of table.json as it is. */
static void table_row(FILE *f, const struct ci_table_row *g, int markdown)
{
	const char *task = g->task ? g->task : g->comm;
	const struct ci_fold_row r = {
		.runtime_ms = ci_table_or_0(g->runtime_ms),
		.switches = ci_table_or_0(g->switches),
		.sum_delay_ms = ci_table_or_0(g->sum_delay_ms),
		.max_delay_ms = ci_table_or_0(g->max_delay_ms)
	};

	row(f, task ? task : "?", &r, ci_table_or_0(g->avg_delay_ms), markdown);
}

static void folded_rows(FILE *f, const struct ci_table *table, int markdown,
			const char *groups)
{
	struct ci_fold_row rows[MAX_FOLDED];
	size_t n = ci_fold_table(table, rows, MAX_FOLDED);
	char task[96];

	for (size_t i = 0; i < n; i++) {
		if (!ci_group_listed(groups, rows[i].comm))
			continue;
		snprintf(task, sizeof(task), "%.63s:(%u)", rows[i].comm,
			 rows[i].tasks);
		row(f, task, &rows[i], ci_fold_avg_ms(&rows[i]), markdown);
	}
}

void ci_table_print(FILE *f, const struct ci_table *table, int markdown,
		    const char *groups, int fold)
{
	if (markdown)
		fprintf(f,
			"| Task | Runtime ms | Switches | Avg delay ms | Max delay ms | Sum delay ms |\n"
			"|---|---:|---:|---:|---:|---:|\n");
	else
		fprintf(f,
			RULE "  %-22s|%14s |%9s | %-16s| %-16s| %-17s|\n" RULE,
			"Task", "Runtime ms", "Switches", "Avg delay ms",
			"Max delay ms", "Sum delay ms");
	for (size_t i = 0; !fold && i < table->n_groups; i++)
		if (ci_group_listed(groups, table->groups[i].comm))
			table_row(f, &table->groups[i], markdown);
	if (fold)
		folded_rows(f, table, markdown, groups);
	if (!markdown)
		fputs(RULE, f);
	if (table->total.present) {
		table_row(f, &table->total, markdown);
		if (!markdown)
			fputs(RULE, f);
	}
}
