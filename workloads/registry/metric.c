// SPDX-License-Identifier: GPL-2.0
/* What one descriptor's metrics and summaries read: values, the "metrics" section, output files. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/jsonpath.h"
#include "workloads/registry/doc_file.h"
#include "workloads/registry/registry.h"

const char *sbw_better_name(enum sbw_better b)
{
	return b == SBW_BETTER_LOWER  ? "lower" :
	       b == SBW_BETTER_HIGHER ? "higher" :
					"none";
}

int sbw_metric_value(const struct sbw_metric *m, const json_t *result,
		     double *out)
{
	json_t *j = sb_json_path(result, m->path);

	if (!j || json_is_null(j))
		return 0;
	if (!json_is_number(j))
		return -EINVAL;
	*out = json_number_value(j) * m->scale;
	return 1;
}

double sbw_missed_pct(const struct sbw_workload *w, const json_t *result)
{
	const struct sbw_periodic *p = w ? w->periodic : NULL;
	const json_t *v, *kept, *missed;
	double all;

	if (!p)
		return NAN;
	if (p->missed_pct) {
		v = sb_json_path(result, p->missed_pct);
		return json_is_number(v) ? json_number_value(v) : NAN;
	}
	kept = sb_json_path(result, p->kept);
	missed = sb_json_path(result, p->missed);
	if (!json_is_number(kept) || !json_is_number(missed))
		return NAN;
	all = json_number_value(kept) + json_number_value(missed);
	return all > 0 ? 100 * json_number_value(missed) / all : NAN;
}

json_t *sbw_metrics_json(const struct sbw_workload *w, const json_t *result)
{
	json_t *sec = json_object();

	for (size_t i = 0; sec && i < w->n_metrics; i++) {
		const struct sbw_metric *m = &w->metrics[i];
		double v;

		if (sbw_metric_value(m, result, &v) <= 0)
			continue;
		if (json_object_set_new(sec, m->name,
					json_pack("{s:f, s:s, s:s}", "value", v,
						  "unit", m->unit, "better",
						  sbw_better_name(m->better)))) {
			json_decref(sec);
			sec = NULL;
		}
	}
	return sec;
}

json_t *sbw_load_result(const char *path, json_t **doc)
{
	struct sb_error e;
	struct sbw_doc d;
	const json_t *result;

	if (sbw_doc_load(path, &d, doc, &e))
		return NULL;
	result = d.result;
	sbw_doc_free(&d);
	return (json_t *)result;
}

void sbw_summary_last_line(const char *path, char *buf, size_t len)
{
	char *text, *end, *start;
	size_t n;

	if (sb_read_file(path, &text, &n))
		return;
	end = text + n;
	while (end > text && (end[-1] == '\n' || end[-1] == ' '))
		end--;
	*end = '\0';
	start = strrchr(text, '\n');
	snprintf(buf, len, "%s", start ? start + 1 : text);
	free(text);
}
