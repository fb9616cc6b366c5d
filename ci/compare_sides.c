// SPDX-License-Identifier: GPL-2.0
/* What compare says of its columns before comparing them: units of work settled over all, and columns of other scenarios named. */
#include <stdio.h>
#include <string.h>

#include "ci/compare_sides.h"
#include "ci/scenario_view.h"
#include "ci/work_unit.h"
#include "common/fmt.h"
#include "common/log.h"

/* Every column is compared with every other: units of work must agree over all of them. */
static void settle_units(struct ci_results *res, size_t n)
{
	struct ci_results *sides[CI_COMPARE_MAX_DIRS];
	char why[2048];

	for (size_t i = 0; i < n; i++)
		sides[i] = &res[i];
	if (ci_work_units_settle(sides, n, why, sizeof(why)))
		sb_warn("warning: %s", why);
}

/* The first scenario.sha256 of @r's runs, or NULL. */
static const char *scenario_sha(const struct ci_results *r)
{
	for (size_t i = 0; i < r->n_runs; i++)
		if (r->runs[i].scenario_sha256)
			return r->runs[i].scenario_sha256;
	return NULL;
}

/* "default (20s, 5 repeats)" from @dir's scenario.json; its sha256 without. */
static void scenario_said(const char *dir, const char *sha, char *buf,
			  size_t len)
{
	struct ci_scenario_view v;
	struct sb_error e;
	size_t off = 0;

	if (ci_scenario_view_of_dir(dir, &v, &e) || !v.name) {
		snprintf(buf, len, "of sha256 %.12s...", sha);
		ci_scenario_view_free(&v);
		return;
	}
	sb_fmt_append(buf, len, &off, "%s", v.name);
	if (v.duration || v.repeats > 0)
		sb_fmt_append(buf, len, &off, " (%s%s", v.duration ?: "",
			      v.duration && v.repeats > 0 ? ", " : "");
	if (v.repeats > 0)
		sb_fmt_append(buf, len, &off, "%d repeat%s", v.repeats,
			      SB_S(v.repeats));
	if (v.duration || v.repeats > 0)
		sb_fmt_append(buf, len, &off, ")");
	ci_scenario_view_free(&v);
}

/*
 * Columns of other scenarios measure other workloads over other windows:
 * a 2 s smoke run beside a 20 s default run is no comparison of kernels,
 * so say so (gate refuses them unless given --rules).
 */
static void mixed_scenarios(const struct ci_results *res, size_t n)
{
	const char *sha0 = scenario_sha(&res[0]), *sha;
	char a[300], b[300];

	for (size_t i = 1; i < n && sha0; i++) {
		if (!(sha = scenario_sha(&res[i])) || !strcmp(sha, sha0))
			continue;
		scenario_said(res[0].dir, sha0, a, sizeof(a));
		scenario_said(res[i].dir, sha, b, sizeof(b));
		sb_warn("warning: %s ran scenario %s, %s scenario %s: their "
			"columns measure other workloads or windows, so what "
			"differs is not only the kernel",
			res[i].dir, b, res[0].dir, a);
	}
}

void ci_compare_warn_sides(struct ci_results *res, size_t n)
{
	settle_units(res, n);
	mixed_scenarios(res, n);
}
