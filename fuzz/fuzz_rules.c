// SPDX-License-Identifier: GPL-2.0
/* Fuzz target: the gate's rules loader (ci/rules.c) on arbitrary files. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "ci/metrics.h"
#include "ci/rules.h"
#include "fuzz/fuzz_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	const char *path = fz_put("gate.json", data, len);
	struct ci_rules rules;
	struct sb_error e;
	int r = ci_rules_load(path, &rules, &e);

	if (r) {
		fz_check((r == -EINVAL || r == -ENOMEM) && e.code == r,
			 "returns -EINVAL/-ENOMEM with its record");
		fz_check(!strncmp(e.msg, path, strlen(path)),
			 "the message names the file");
		return 0;
	}
	fz_check(rules.alpha > 0 && rules.alpha <= 0.2, "alpha in (0, 0.2]");
	fz_check(rules.pass_confidence >= 0.5 && rules.pass_confidence < 1,
		 "pass_confidence in [0.5, 1)");
	fz_check(rules.min_runs >= CI_MIN_RUNS, "min_runs at least 4");
	for (size_t i = 0; i < rules.n; i++) {
		const struct ci_rule *ru = &rules.v[i];

		fz_check(ru->metric >= 0 &&
				 (size_t)ru->metric < ci_metrics_count(),
			 "metric index is valid");
		fz_check(ru->name && ru->group, "name and group are set");
		fz_check(ru->tolerance_pct >= 0 && ru->tolerance_pct <= 1000,
			 "tolerance in 0..1000");
		fz_check(ru->pass_bound_pct >= ru->tolerance_pct &&
				 ru->pass_bound_abs >= ru->min_effect_abs,
			 "pass bounds no tighter than the tolerance");
		fz_check(ru->dir != CI_DIR_HIGHER || ru->pass_bound_pct < 100,
			 "a higher-is-better bound below 100 %");
	}
	ci_rules_free(&rules);
	return 0;
}
