// SPDX-License-Identifier: GPL-2.0
/* Gate rules file (ci/gate.json): its format as tables for the JSON reader (common/jsonread.h). */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/rules.h"

#define SCHEMA_WHY \
	"must be 2 (the rules format this slicebench reads; see ci/README.md)"

static int parse_schema(struct sb_jr *r, const struct sb_field *f,
			const json_t *v, void *dest, char *why, size_t len)
{
	(void)r;
	(void)f;
	(void)dest;
	if (json_is_integer(v) && json_integer_value(v) == 2)
		return 0;
	snprintf(why, len, ": " SCHEMA_WHY);
	return -EINVAL;
}

static int parse_metric(struct sb_jr *r, const struct sb_field *f,
			const json_t *v, void *dest, char *why, size_t len)
{
	(void)r;
	(void)f;
	size_t off;

	if (json_is_string(v) &&
	    (*(int *)dest = ci_metric_find(json_string_value(v))) >= 0)
		return 0;
	off = (size_t)snprintf(why, len, "is not a metric (known:");
	for (size_t i = 0; i < ci_metrics_count() && off < len; i++)
		off += (size_t)snprintf(why + off, len - off, " %s",
					ci_metric_at(i)->name);
	if (off < len)
		snprintf(why + off, len - off, ")");
	return -EINVAL;
}

static int parse_direction(struct sb_jr *r, const struct sb_field *f,
			   const json_t *v, void *dest, char *why, size_t len)
{
	(void)r;
	(void)f;
	const char *s = json_string_value(v);

	if (s && !strcmp(s, "lower"))
		*(enum ci_dir *)dest = CI_DIR_LOWER;
	else if (s && !strcmp(s, "higher"))
		*(enum ci_dir *)dest = CI_DIR_HIGHER;
	else
		return snprintf(why, len, "is not \"lower\" or \"higher\""),
		       -EINVAL;
	return 0;
}

static void rule_init(void *obj)
{
	struct ci_rule *r = obj;

	/* absent pass bounds are the tolerance's (rule_finish) */
	r->pass_bound_pct = r->pass_bound_abs = NAN;
}

/* A pass bound: absent, what a regression would be; else no tighter. */
static int pass_bound(struct sb_jr *r, const json_t *j, const char *key,
		      double *bound, double min, double max)
{
	if (isnan(*bound))
		*bound = min;
	else if (*bound < min || *bound > max)
		return sb_jr_fail_key(
			r, j, key, ": must be a number in [%g, %g]", min, max);
	return 0;
}

static int rule_finish(struct sb_jr *r, void *obj, const json_t *j)
{
	struct ci_rule *ru = obj;
	double max_pct;
	int e;

	if (ru->dir == CI_DIR_NONE)
		ru->dir = ci_metric_at(ru->metric)->dir;
	if (ru->dir == CI_DIR_NONE)
		return sb_jr_fail(
			r, "direction", NULL,
			"missing (the metric has no natural direction)");
	/* a higher-is-better metric cannot fall by 100 % or more */
	max_pct = ru->dir == CI_DIR_HIGHER ? 99.9 : 1000;
	if (ru->tolerance_pct > max_pct)
		return sb_jr_fail_key(r, j, "tolerance_pct",
				      ": must be a number in [0, %g]", max_pct);
	if ((e = pass_bound(r, j, "pass_bound_pct", &ru->pass_bound_pct,
			    ru->tolerance_pct, max_pct)) ||
	    (e = pass_bound(r, j, "pass_bound_abs", &ru->pass_bound_abs,
			    ru->min_effect_abs, 1e18)))
		return e;
	if (ru->pooled && !ci_pool_has_form(ru->metric))
		return sb_jr_fail_key(
			r, j, "pooled",
			": metric %s has no pooled form (delay_p99_ms "
			"has: the p99 of every run's delays; so has "
			"deadline_miss_pct: all runs' late frames over their "
			"frames)",
			ci_metric_at(ru->metric)->name);
	if (ru->report && ru->required)
		return sb_jr_fail_key(
			r, j, "report",
			": a required rule gates; report is for one "
			"that cannot");
	if (!ru->name && asprintf(&ru->name, "%s %s", ru->group,
				  ci_metric_at(ru->metric)->name) < 0) {
		ru->name = NULL;
		return sb_jr_oom(r);
	}
	return 0;
}

#define RULE(m) offsetof(struct ci_rule, m)

static const struct sb_field rule_fields[] = {
	{ "metric", SB_F_CALL, RULE(metric), .required = 1,
	  .parse = parse_metric, .type_doc = "metric name (ci/metrics.c)",
	  .doc = "what is compared" },
	{ "group", SB_F_STRDUP, RULE(group), .required = 1, .min = 1,
	  .doc = "the table comm or workload name the metric is of" },
	{ "direction", SB_F_CALL, RULE(dir), .parse = parse_direction,
	  .type_doc = "`lower` or `higher`",
	  .doc = "which way is better (default: the metric's own)" },
	{ "tolerance_pct", SB_F_NUMBER, RULE(tolerance_pct), .required = 1,
	  .missing = "missing: a rule says how far its metric may move",
	  .dmin = 0, .dmax = 1000,
	  .doc = "a regression is worse than this (below 100 for a "
		 "higher-is-better metric)" },
	{ "min_effect_abs", SB_F_NUMBER, RULE(min_effect_abs), .dmin = 0,
	  .dmax = 1e18,
	  .doc = "and worse by more than this, in the metric's unit "
		 "(default 0: none)" },
	{ "pass_bound_pct", SB_F_NUMBER, RULE(pass_bound_pct), .dmin = 0,
	  .dmax = 1000,
	  .doc = "a pass rules out worse than this; at least tolerance_pct "
		 "(default)" },
	{ "pass_bound_abs", SB_F_NUMBER, RULE(pass_bound_abs), .dmin = 0,
	  .dmax = 1e18,
	  .doc = "or worse by more than this; at least min_effect_abs "
		 "(default)" },
	{ "required", SB_F_BOOL, RULE(required),
	  .doc = "must be on both sides (default false: a rule present must "
		 "pass)" },
	{ "pooled", SB_F_BOOL, RULE(pooled),
	  .doc = "one statistic of all runs of a side pooled instead of one "
		 "value a run: for delay_p99_ms the p99 of every run's "
		 "delay_hist_ns merged, for deadline_miss_pct all runs' "
		 "deadline_misses over their frames; its interval from "
		 "resampling the runs, or the rounds when the sides alternate "
		 "(default false)" },
	{ "report", SB_F_BOOL, RULE(report),
	  .doc = "shown with its verdict, never gates (default false): for "
		 "a figure no affordable number of runs decides; its why "
		 "says so" },
	{ "name", SB_F_STRDUP, RULE(name),
	  .doc = "as reports say it (default: \"GROUP METRIC\")" },
	{ "why", SB_F_TEXT,
	  .doc = "for people: what the rule guards, and that its scenario's "
		 "runs can decide it at its tolerance (the noise measured, "
		 "the runs a side needed); every shipped rule has one" },
};

static const struct sb_jr_table rule_table =
	SB_JR_TABLE("rules[]", rule_fields, rule_init, rule_finish);

static const struct sb_field rule_item = { .type = SB_F_OBJECT,
					   .sub = &rule_table };

static void rules_init(void *obj)
{
	struct ci_rules *r = obj;

	r->alpha = 0.01;
	r->pass_confidence = 0.95;
	r->min_runs = CI_MIN_RUNS;
}

#define RULES(m) offsetof(struct ci_rules, m)

static const struct sb_field rules_fields[] = {
	{ "schema", SB_F_CALL, 0, .required = 1,
	  .missing = "missing: " SCHEMA_WHY, .parse = parse_schema,
	  .type_doc = "2", .doc = "the version of this format" },
	{ "description", SB_F_TEXT, .doc = "for people, of any length" },
	{ "alpha", SB_F_NUMBER, RULES(alpha), .dmin = 1e-6, .dmax = 0.2,
	  .doc = "family-wise chance of a false regression (default 0.01)" },
	{ "pass_confidence", SB_F_NUMBER, RULES(pass_confidence), .dmin = 0.5,
	  .dmax = 0.999999,
	  .doc = "confidence of each bound a pass relies on (default 0.95)" },
	{ "min_runs", SB_F_INT, RULES(min_runs), .min = CI_MIN_RUNS,
	  .max = 1000,
	  .doc = "a side needs as many runs for a verdict (default 4)" },
	{ "rules", SB_F_ARRAY, RULES(v), sizeof(struct ci_rule), 1, .min = 1,
	  .item = &rule_item, .count_offset = RULES(n), .alloc = 1,
	  .doc = "which metric of which group may move how far" },
};

const struct sb_jr_table ci_rules_format =
	SB_JR_TABLE("gate rules", rules_fields, rules_init, NULL);

int ci_rules_load(const char *path, struct ci_rules *out, struct sb_error *e)
{
	int r;

	*out = (struct ci_rules){ 0 };
	r = sb_jr_load(path, &ci_rules_format, out, NULL, e);
	if (r)
		ci_rules_free(out);
	return r;
}

void ci_rule_bounds(const struct ci_rule *rule, char *buf, size_t len)
{
	const char *sign = rule->dir == CI_DIR_LOWER ? "+" : "-";
	const char *unit = ci_metric_at(rule->metric)->unit;

	/* "1/1%" as every percentage is said, "0.01/0.01 ms" */
	if (rule->min_effect_abs > 0)
		snprintf(buf, len, "%s%g/%g%%, %g/%g%s%s", sign,
			 rule->tolerance_pct, rule->pass_bound_pct,
			 rule->min_effect_abs, rule->pass_bound_abs,
			 strcmp(unit, "%") ? " " : "", unit);
	else
		snprintf(buf, len, "%s%g/%g%%", sign, rule->tolerance_pct,
			 rule->pass_bound_pct);
}

void ci_rules_free(struct ci_rules *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->v[i].name);
		free(r->v[i].group);
	}
	free(r->v);
	*r = (struct ci_rules){ 0 };
}
