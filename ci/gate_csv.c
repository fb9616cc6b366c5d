// SPDX-License-Identifier: GPL-2.0
/* A gate's verdicts as CSV: one row per rule (gate --csv, check --csv). */
#include <errno.h>
#include <math.h>

#include "ci/gate_csv.h"
#include "ci/metrics.h"
#include "common/csv.h"
#include "common/outfile.h"

/* Changes in percent from a cand/base ratio; NaN stays an empty cell. */
static double pct(double ratio)
{
	return (ratio - 1) * 100;
}

static void csv_row(FILE *f, const struct ci_rule_result *r)
{
	const struct ci_rule *rule = r->rule;
	const struct ci_metric *m = ci_metric_at(rule->metric);
	/* the figures of a rule that was weighed (as the table shows them) */
	int ok = r->verdict <= CI_V_INCONCLUSIVE;

	sb_csv_text(f, rule->name, 0);
	sb_csv_text(f, rule->group, 0);
	sb_csv_text(f, m->name, 0);
	sb_csv_text(f, m->unit, 0);
	sb_csv_num(f, ok ? r->base_mean : NAN, 0);
	sb_csv_num(f, ok ? r->cand_mean : NAN, 0);
	sb_csv_num(f, ok ? pct(r->ratio) : NAN, 0);
	sb_csv_num(f, ok ? pct(r->ratio_lo) : NAN, 0);
	sb_csv_num(f, ok ? pct(r->ratio_hi) : NAN, 0);
	sb_csv_num(f, rule->tolerance_pct, 0);
	sb_csv_num(f, rule->min_effect_abs, 0);
	sb_csv_num(f, rule->pass_bound_pct, 0);
	sb_csv_num(f, rule->pass_bound_abs, 0);
	sb_csv_num(f, (double)r->base_runs, 0);
	sb_csv_num(f, (double)r->cand_runs, 0);
	sb_csv_text(f, rule->required ? "yes" : "no", 0);
	sb_csv_text(f, ci_verdict_name(r->verdict), 0);
	sb_csv_text(f, r->note, 1);
}

int ci_gate_write_csv(const char *path, const struct ci_gate_report *g)
{
	static const char *const head[] = {
		"rule",
		"group",
		"metric",
		"unit",
		"base",
		"cand",
		"change_pct",
		"interval_lo_pct",
		"interval_hi_pct",
		"tolerance_pct",
		"tolerance_abs",
		"pass_bound_pct",
		"pass_bound_abs",
		"base_runs",
		"cand_runs",
		"required",
		"verdict",
		"note",
	};
	const size_t n_head = sizeof(head) / sizeof(head[0]);
	struct sb_memfile m;

	if (sb_memfile_open(&m))
		return -errno;
	for (size_t i = 0; i < n_head; i++)
		sb_csv_text(m.f, head[i], i + 1 == n_head);
	for (size_t i = 0; i < g->n; i++)
		csv_row(m.f, &g->res[i]);
	return sb_memfile_commit(&m, path);
}
