// SPDX-License-Identifier: GPL-2.0
/* Results held in memory, one value per rule and run: the gate's unit tests and error-rate benchmark. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ci/synth_runs.h"

int ci_synth_alloc(struct ci_results *r, size_t runs)
{
	*r = (struct ci_results){ .runs = calloc(runs + 1, sizeof(*r->runs)),
				  .n_runs = runs };
	for (size_t i = 0; r->runs && i < runs; i++)
		r->runs[i].repeat =
			(unsigned int)i + 1; /* run i of round i + 1 */
	return r->runs ? 0 : -ENOMEM;
}

int ci_synth_put(struct ci_results *r, size_t run, const struct ci_rule *rule,
		 double v)
{
	struct ci_values *vals = &r->runs[run].vals;

	for (size_t i = 0; i < vals->n; i++)
		if (vals->v[i].metric == rule->metric &&
		    !strcmp(vals->v[i].group, rule->group)) {
			vals->v[i].v = v;
			return 0;
		}
	return ci_values_add(vals, rule->metric, rule->group, v) ? 0 : -ENOMEM;
}

void ci_synth_free(struct ci_results *r)
{
	for (size_t i = 0; r->runs && i < r->n_runs; i++)
		ci_values_free(&r->runs[i].vals);
	free(r->runs);
	*r = (struct ci_results){ 0 };
}
