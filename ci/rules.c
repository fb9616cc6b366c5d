// SPDX-License-Identifier: GPL-2.0
/* Gate rules file (ci/gate.json): which metric of which group may move how far. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ci/rules.h"
#include "common/atomicio.h"

static const char *const top_keys[] = { "schema",   "description",
					"alpha",    "pass_confidence",
					"min_runs", "rules",
					NULL };
static const char *const rule_keys[] = { "name",	   "metric",
					 "group",	   "direction",
					 "tolerance_pct",  "min_effect_abs",
					 "pass_bound_pct", "pass_bound_abs",
					 "required",	   NULL };

static int check_keys(json_t *obj, const char *const *keys, const char *file,
		      const char *where, char *err, size_t errlen)
{
	const char *k;
	json_t *v;

	json_object_foreach(obj, k, v) {
		size_t i;

		for (i = 0; keys[i] && strcmp(keys[i], k); i++)
			;
		if (!keys[i]) {
			snprintf(err, errlen, "%s: %s%s: unknown key", file,
				 where, k);
			return -EINVAL;
		}
	}
	return 0;
}

static void metric_list(char *buf, size_t len)
{
	size_t off = 0;

	for (size_t i = 0; i < ci_metrics_count() && off < len; i++)
		off += (size_t)snprintf(buf + off, len - off, "%s%s",
					i ? " " : "", ci_metric_at(i)->name);
}

static int bad(char *err, size_t errlen, const char *file, size_t i,
	       const char *key, const char *what)
{
	snprintf(err, errlen, "%s: rules[%zu].%s: %s", file, i, key, what);
	return -EINVAL;
}

/* @j as JSON text (a string quoted) into @buf, for a message. */
static const char *value_text(const json_t *j, char *buf, size_t len)
{
	char *t = json_dumps(j, JSON_ENCODE_ANY);

	snprintf(buf, len, "%.60s%s", t ? t : "?",
		 t && strlen(t) > 60 ? "..." : "");
	free(t);
	return buf;
}

static int parse_number(json_t *r, const char *key, double min, double max,
			double *out, const char *file, size_t i, char *err,
			size_t errlen)
{
	json_t *j = json_object_get(r, key);
	char what[160], val[72];

	if (!j)
		return 0;
	if (!json_is_number(j) || json_number_value(j) < min ||
	    json_number_value(j) > max) {
		snprintf(what, sizeof(what), "%s: must be a number in [%g, %g]",
			 value_text(j, val, sizeof(val)), min, max);
		return bad(err, errlen, file, i, key, what);
	}
	*out = json_number_value(j);
	return 0;
}

static int parse_rule(json_t *r, size_t i, const char *file,
		      struct ci_rule *out, char *err, size_t errlen)
{
	const char *metric, *group, *dir, *name;
	char where[32], what[600], list[512];
	double max_pct;
	json_t *req;
	int e;

	snprintf(where, sizeof(where), "rules[%zu].", i);
	if (!json_is_object(r)) {
		snprintf(err, errlen, "%s: rules[%zu]: not an object", file, i);
		return -EINVAL;
	}
	e = check_keys(r, rule_keys, file, where, err, errlen);
	if (e)
		return e;
	metric = json_string_value(json_object_get(r, "metric"));
	group = json_string_value(json_object_get(r, "group"));
	if (!metric)
		return bad(err, errlen, file, i, "metric",
			   "missing or not a string");
	out->metric = ci_metric_find(metric);
	if (out->metric < 0) {
		metric_list(list, sizeof(list));
		snprintf(what, sizeof(what),
			 "\"%s\" is not a metric (known: %s)", metric, list);
		return bad(err, errlen, file, i, "metric", what);
	}
	if (!group || !*group)
		return bad(err, errlen, file, i, "group",
			   "missing or not a string");
	out->dir = ci_metric_at(out->metric)->dir;
	dir = json_string_value(json_object_get(r, "direction"));
	if (json_object_get(r, "direction") && !dir)
		return bad(err, errlen, file, i, "direction", "not a string");
	if (dir && !strcmp(dir, "lower"))
		out->dir = CI_DIR_LOWER;
	else if (dir && !strcmp(dir, "higher"))
		out->dir = CI_DIR_HIGHER;
	else if (dir) {
		snprintf(what, sizeof(what),
			 "\"%.40s\" is not \"lower\" or \"higher\"", dir);
		return bad(err, errlen, file, i, "direction", what);
	}
	if (out->dir == CI_DIR_NONE)
		return bad(err, errlen, file, i, "direction",
			   "missing (the metric has no natural direction)");
	/* a higher-is-better metric cannot fall by 100 % or more */
	max_pct = out->dir == CI_DIR_HIGHER ? 99.9 : 1000;
	out->tolerance_pct = -1;
	e = parse_number(r, "tolerance_pct", 0, max_pct, &out->tolerance_pct,
			 file, i, err, errlen);
	if (!e && out->tolerance_pct < 0)
		return bad(err, errlen, file, i, "tolerance_pct", "missing");
	if (!e)
		e = parse_number(r, "min_effect_abs", 0, 1e18,
				 &out->min_effect_abs, file, i, err, errlen);
	/* a pass rules out exactly what a regression would be */
	out->pass_bound_pct = out->tolerance_pct;
	out->pass_bound_abs = out->min_effect_abs;
	if (!e)
		e = parse_number(r, "pass_bound_pct", out->tolerance_pct,
				 max_pct, &out->pass_bound_pct, file, i, err,
				 errlen);
	if (!e)
		e = parse_number(r, "pass_bound_abs", out->min_effect_abs, 1e18,
				 &out->pass_bound_abs, file, i, err, errlen);
	if (e)
		return e;
	req = json_object_get(r, "required");
	if (req && !json_is_boolean(req))
		return bad(err, errlen, file, i, "required", "not a boolean");
	out->required = json_is_true(req);
	name = json_string_value(json_object_get(r, "name"));
	if (json_object_get(r, "name") && !name)
		return bad(err, errlen, file, i, "name", "not a string");
	out->group = strdup(group);
	if (name)
		out->name = strdup(name);
	else if (asprintf(&out->name, "%s %s", group, metric) < 0)
		out->name = NULL;
	return out->group && out->name ? 0 : -ENOMEM;
}

/* Optional number @key of the top level in [@min, @max] into @out. */
static int parse_top_number(json_t *root, const char *key, double min,
			    double max, int integer, double *out,
			    const char *file, char *err, size_t errlen)
{
	json_t *j = json_object_get(root, key);
	char val[72];

	if (!j)
		return 0;
	if (!(integer ? json_is_integer(j) : json_is_number(j)) ||
	    json_number_value(j) < min || json_number_value(j) > max) {
		snprintf(err, errlen, "%s: %s: %s: must be %s in [%g, %g]",
			 file, key, value_text(j, val, sizeof(val)),
			 integer ? "an integer" : "a number", min, max);
		return -EINVAL;
	}
	*out = json_number_value(j);
	return 0;
}

static int parse_top(json_t *root, const char *file, struct ci_rules *out,
		     char *err, size_t errlen)
{
	json_t *schema = json_object_get(root, "schema"),
	       *rules = json_object_get(root, "rules");
	double min_runs = CI_MIN_RUNS;
	int e = check_keys(root, top_keys, file, "", err, errlen);

	if (e)
		return e;
	if (!json_is_integer(schema) || json_integer_value(schema) != 2) {
		char val[72];

		snprintf(err, errlen,
			 "%s: schema: %s: must be 2 (the rules format this "
			 "slicebench reads; see ci/README.md)",
			 file,
			 schema ? value_text(schema, val, sizeof(val)) :
				  "missing");
		return -EINVAL;
	}
	out->alpha = 0.01;
	out->pass_confidence = 0.95;
	e = parse_top_number(root, "alpha", 1e-6, 0.2, 0, &out->alpha, file,
			     err, errlen);
	if (!e)
		e = parse_top_number(root, "pass_confidence", 0.5, 0.999999, 0,
				     &out->pass_confidence, file, err, errlen);
	if (!e)
		e = parse_top_number(root, "min_runs", CI_MIN_RUNS, 1000, 1,
				     &min_runs, file, err, errlen);
	if (e)
		return e;
	out->min_runs = (unsigned int)min_runs;
	if (!json_is_array(rules) || !json_array_size(rules)) {
		snprintf(err, errlen,
			 "%s: rules: missing, empty or not an array", file);
		return -EINVAL;
	}
	out->v = calloc(json_array_size(rules), sizeof(*out->v));
	if (!out->v)
		return -ENOMEM;
	for (size_t i = 0; i < json_array_size(rules); i++) {
		e = parse_rule(json_array_get(rules, i), i, file,
			       &out->v[out->n++], err, errlen);
		if (e)
			return e;
	}
	return 0;
}

int ci_rules_load(const char *path, struct ci_rules *out, char *err,
		  size_t errlen)
{
	json_error_t je;
	json_t *root;
	int e = sb_json_load(path, JSON_REJECT_DUPLICATES, &root, &je);

	*out = (struct ci_rules){ 0 };
	if (e && e != -EBADMSG) {
		snprintf(err, errlen, "%s: %s", path, je.text);
		return -EINVAL;
	}
	if (!root) {
		snprintf(err, errlen, "%s: line %d column %d: %s", path,
			 je.line, je.column, je.text);
		return -EINVAL;
	}
	if (!json_is_object(root)) {
		snprintf(err, errlen, "%s: top level is not an object", path);
		e = -EINVAL;
	} else {
		e = parse_top(root, path, out, err, errlen);
	}
	json_decref(root);
	if (e == -ENOMEM)
		snprintf(err, errlen, "%s: out of memory", path);
	if (e)
		ci_rules_free(out);
	return e;
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
