// SPDX-License-Identifier: GPL-2.0
/* The seed's table: one feature set's runs, a row per workload group per repeat, kernel threads folded. */
#include "ci/fold.h"
#include "ci/seed_table.h"
#include "common/fmt.h"

#define MAX_ROWS 64
/* Every cell in ms but the switches, as the header says: the bench end's
 * 100 columns hold it (with "avg:" and " ms" in each cell it took 116). */
#define RULE                                                                   \
	" -------------------------------------------------------------------" \
	"-------------------------\n"

static void row(FILE *f, unsigned int repeat, const struct ci_fold_row *r)
{
	char task[96];

	snprintf(task, sizeof(task), "%u %.63s:(%u)", repeat, r->comm,
		 r->tasks);
	fprintf(f, "  %-22s|%12.3f |%9.0f |%13.3f |%13.3f |%13.3f |\n", task,
		r->runtime_ms, r->switches, ci_fold_avg_ms(r), r->max_delay_ms,
		r->sum_delay_ms);
}

void ci_seed_table_print(FILE *f, const struct ci_column *col,
			 const struct ci_regime *g)
{
	struct ci_fold_row rows[MAX_ROWS];
	char line[1024];

	fprintf(f, "\n== %s / %s: %zu repeat%s\n", col->kernel, col->fs,
		col->n_runs, col->n_runs == 1 ? "" : "s");
	/* the regime in words: folded to the bench end's 100 columns */
	line[0] = ' ';
	if (*ci_regime_line(g, line + 1, sizeof(line) - 1))
		sb_fmt_fold(f, line, SB_TEXT_COLUMNS, 3);
	if (*ci_regime_guest(g, line + 1, sizeof(line) - 1))
		sb_fmt_fold(f, line, SB_TEXT_COLUMNS, 3);
	fprintf(f, RULE "  %-22s|%12s |%9s |%13s |%13s |%13s |\n" RULE, "Task",
		"Runtime ms", "Switches", "Avg delay ms", "Max delay ms",
		"Sum delay ms");
	for (size_t r = 0; r < col->n_runs; r++) {
		const struct ci_run *run = col->runs[r];
		size_t n;

		if (!run->has_table) {
			fprintf(f, "  %u (no table.json)\n", run->repeat);
			continue;
		}
		n = ci_fold_table(&run->delay_table, rows, MAX_ROWS);
		for (size_t i = 0; i < n; i++)
			row(f, run->repeat, &rows[i]);
	}
	fputs(RULE, f);
}
