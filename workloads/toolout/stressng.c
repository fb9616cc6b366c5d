// SPDX-License-Identifier: GPL-2.0
/* Reads stress-ng's --yaml output: bogo-ops and bogo-ops/s per stressor. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "workloads/toolout/stressng.h"

#define ENTRY "    - stressor: "
#define FIELD_INDENT "      "

/* The figures every entry must carry, as YAML keys, in slot() order. */
static const char *const fields[] = {
	"bogo-ops",
	"bogo-ops-per-second-real-time",
	"bogo-ops-per-second-usr-sys-time",
	"wall-clock-time",
	"user-time",
	"system-time",
};
#define N_FIELDS (sizeof(fields) / sizeof(fields[0]))

struct cursor {
	const char *path;
	struct sb_error *e;
};

static int fail(const struct cursor *c, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(const struct cursor *c, int ret, const char *fmt, ...)
{
	char what[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return sb_error_set(c->e, ret, NULL, NULL, NULL, "stress-ng: %s: %s",
			    c->path, what);
}

/* Length of the line at @s, without its newline (and a CR before it). */
static size_t line_len(const char *s)
{
	size_t n = strcspn(s, "\n");

	return n && s[n - 1] == '\r' ? n - 1 : n;
}

static const char *next_line(const char *s)
{
	s = strchr(s, '\n');
	return s ? s + 1 : NULL;
}

/* A non-negative finite number filling exactly @len bytes at @s. */
static int parse_number(const char *s, size_t len, double *out)
{
	char buf[64], *end;

	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	errno = 0;
	*out = strtod(buf, &end);
	if (end == buf || *end || errno || !isfinite(*out) || *out < 0)
		return -EINVAL;
	return 0;
}

/* Where figure @i of fields[] goes in @st. */
static double *slot(struct sng_stressor *st, size_t i)
{
	double *const slots[] = {
		&st->bogo_ops, &st->ops_per_s_real, &st->ops_per_s_usr_sys,
		&st->wall_s,   &st->user_s,	    &st->system_s
	};

	return slots[i];
}

/* One "      key: value" line of entry @st; unknown keys are skipped. */
static int parse_field(const struct cursor *c, const char *line, size_t len,
		       struct sng_stressor *st, unsigned int *seen)
{
	const char *colon = memchr(line, ':', len);
	size_t klen;

	if (!colon || colon[1] != ' ')
		return fail(c, -EINVAL, "stressor %s: malformed line \"%.*s\"",
			    st->name, (int)(len > 60 ? 60 : len), line);
	klen = (size_t)(colon - line);
	for (size_t i = 0; i < N_FIELDS; i++) {
		const char *v = colon + 2;
		size_t vlen = len - (size_t)(v - line);

		if (strlen(fields[i]) != klen || strncmp(fields[i], line, klen))
			continue;
		if (parse_number(v, vlen, slot(st, i)))
			return fail(c, -EINVAL,
				    "stressor %s: %s: \"%.*s\" is not a number",
				    st->name, fields[i],
				    (int)(vlen > 40 ? 40 : vlen), v);
		*seen |= 1U << i;
	}
	return 0;
}

static int check_entry(const struct cursor *c, const struct sng_stressor *st,
		       unsigned int seen)
{
	for (size_t i = 0; i < N_FIELDS; i++)
		if (!(seen & (1U << i)))
			return fail(c, -EINVAL,
				    "stressor %s: no %s (output cut short?)",
				    st->name, fields[i]);
	return 0;
}

/* Start entry "    - stressor: NAME" in @out. */
static int open_entry(const struct cursor *c, const char *name, size_t len,
		      struct sng_result *out)
{
	struct sng_stressor *st;

	if (!len || len >= sizeof(st->name))
		return fail(c, -EINVAL, "stressor name \"%.*s\" is invalid",
			    (int)(len > 40 ? 40 : len), name);
	for (int i = 0; i < out->n; i++)
		if (strlen(out->s[i].name) == len &&
		    !strncmp(out->s[i].name, name, len))
			return fail(c, -EINVAL, "stressor %.*s listed twice",
				    (int)len, name);
	if (out->n == SNG_MAX_STRESSORS)
		return fail(c, -E2BIG, "more than %d stressors",
			    SNG_MAX_STRESSORS);
	st = &out->s[out->n++];
	memset(st, 0, sizeof(*st));
	memcpy(st->name, name, len);
	return 0;
}

/* The "metrics:" list from the line after its key; @line is left after it. */
static int parse_metrics(const struct cursor *c, const char **line,
			 struct sng_result *out)
{
	unsigned int seen = 0;
	const char *l = *line;
	int r;

	for (; l; l = next_line(l)) {
		size_t len = line_len(l);

		if (!len)
			continue;
		if (!strncmp(l, ENTRY, strlen(ENTRY))) {
			if (out->n &&
			    (r = check_entry(c, &out->s[out->n - 1], seen)))
				return r;
			seen = 0;
			r = open_entry(c, l + strlen(ENTRY),
				       len - strlen(ENTRY), out);
		} else if (out->n &&
			   !strncmp(l, FIELD_INDENT, strlen(FIELD_INDENT))) {
			r = parse_field(c, l + strlen(FIELD_INDENT),
					len - strlen(FIELD_INDENT),
					&out->s[out->n - 1], &seen);
		} else if (*l != ' ') {
			break; /* the next top-level key or the end marker */
		} else {
			r = fail(c, -EINVAL, "unexpected line \"%.*s\"",
				 (int)(len > 60 ? 60 : len), l);
		}
		if (r)
			return r;
	}
	*line = l;
	if (!out->n)
		return fail(c, -EINVAL,
			    "\"metrics:\" lists no stressor (run without "
			    "--metrics-brief?)");
	return check_entry(c, &out->s[out->n - 1], seen);
}

int sng_parse(const char *text, const char *path, struct sng_result *out,
	      struct sb_error *e)
{
	const struct cursor c = { path, e };
	const char *l = text;
	int have_metrics = 0, r;

	out->n = 0;
	while (l) {
		size_t len = line_len(l);

		if (len == 3 && !strncmp(l, "...", 3)) {
			if (!have_metrics)
				return fail(&c, -EINVAL,
					    "no \"metrics:\" section (run "
					    "without --metrics-brief?)");
			return 0;
		}
		if (len == 8 && !strncmp(l, "metrics:", 8)) {
			if (have_metrics++)
				return fail(&c, -EINVAL,
					    "two \"metrics:\" sections");
			l = next_line(l);
			r = parse_metrics(&c, &l, out);
			if (r)
				return r;
			continue;
		}
		l = next_line(l);
	}
	return fail(&c, -EINVAL,
		    "no end-of-document \"...\" line (output cut short?)");
}

json_t *sng_result_json(const struct sng_result *r)
{
	json_t *all = json_object();

	for (int i = 0; all && i < r->n; i++) {
		const struct sng_stressor *s = &r->s[i];

		json_object_set_new(
			all, s->name,
			json_pack("{s:f, s:f, s:f, s:f, s:f, s:f}", "bogo_ops",
				  s->bogo_ops, "bogo_ops_per_s_real",
				  s->ops_per_s_real, "bogo_ops_per_s_usr_sys",
				  s->ops_per_s_usr_sys, "wall_clock_s",
				  s->wall_s, "user_s", s->user_s, "system_s",
				  s->system_s));
	}
	return all ? json_pack("{s:o}", "stressors", all) : NULL;
}

/* Add instance @b's figures to the running total @a (same stressors). */
static int add_instance(struct sng_result *a, const struct sng_result *b,
			const char *path, struct sb_error *e)
{
	if (a->n != b->n)
		goto differ;
	for (int i = 0; i < a->n; i++) {
		struct sng_stressor *x = &a->s[i];
		const struct sng_stressor *y = &b->s[i];

		if (strcmp(x->name, y->name))
			goto differ;
		x->bogo_ops += y->bogo_ops;
		x->ops_per_s_real += y->ops_per_s_real;
		x->ops_per_s_usr_sys += y->ops_per_s_usr_sys;
		x->user_s += y->user_s;
		x->system_s += y->system_s;
		if (y->wall_s > x->wall_s)
			x->wall_s = y->wall_s;
	}
	return 0;
differ:
	return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			    "stress-ng: %s: not the stressors of the first "
			    "instance",
			    path);
}

int sng_read_files(const char *const *paths, int n, json_t **result,
		   struct sb_error *e)
{
	struct sng_result *total = calloc(1, sizeof(*total));
	struct sng_result *one = calloc(1, sizeof(*one));
	int ret = total && one ? 0 : -ENOMEM;

	*result = NULL;
	if (!ret && !n)
		ret = sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				   "stress-ng: no output file");
	for (int i = 0; !ret && i < n; i++) {
		char *text;
		size_t len;

		ret = sb_read_file(paths[i], &text, &len);
		if (ret) {
			sb_error_set(e, ret, NULL, NULL, NULL,
				     "stress-ng: %s: %s", paths[i],
				     strerror(-ret));
			break;
		}
		ret = sng_parse(text, paths[i], i ? one : total, e);
		free(text);
		if (!ret && i)
			ret = add_instance(total, one, paths[i], e);
	}
	if (!ret) {
		*result = sng_result_json(total);
		ret = *result ? 0 : -ENOMEM;
	}
	free(total);
	free(one);
	return ret;
}
