// SPDX-License-Identifier: GPL-2.0
/* The one place the end of a run asks the gate: each rule's verdict and ratio interval, base vs candidate. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ci/bench_verdict.h"

int ci_bench_verdicts(const struct ci_rules *rules,
		      const struct ci_results *base,
		      const struct ci_results *cand,
		      struct ci_bench_verdict *out)
{
	struct ci_rules opt = *rules;
	const struct ci_levels lv = {
		.alpha = rules->alpha, .pass_alpha = 1 - rules->pass_confidence
	};
	struct ci_rule_result *res = calloc(rules->n + 1, sizeof(*res));
	struct ci_rule *v = calloc(rules->n + 1, sizeof(*v));
	struct sb_error e;
	int r = -ENOMEM;

	if (!res || !v)
		goto out;
	/* what the runs say, not whether they satisfy a merge: none required */
	memcpy(v, rules->v, rules->n * sizeof(*v));
	for (size_t i = 0; i < rules->n; i++)
		v[i].required = 0;
	opt.v = v;
	r = ci_gate_evaluate(&opt, base, cand, &lv, res, &e);
	for (size_t i = 0; !r && i < rules->n; i++)
		out[i] = (struct ci_bench_verdict){
			/* a pass only the rule's absolute floor gave says so */
			.name = res[i].pass_by_floor ?
					"pass (floor)" :
					ci_verdict_name(res[i].verdict),
			.verdict = res[i].verdict,
			.more_runs = res[i].more_runs,
			.ratio = res[i].ratio,
			.ratio_lo = res[i].ratio_lo,
			.ratio_hi = res[i].ratio_hi,
		};
out:
	free(res);
	free(v);
	return r;
}
