// SPDX-License-Identifier: GPL-2.0
/* Reads rt-tests hackbench's text output (its "Time:" line and its header). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "workloads/toolout/hackbench.h"

#define RUNNING "Running in "
#define SENDER "Each sender will pass "
#define TIME "Time: "

static int fail(struct sb_error *e, const char *path, const char *what,
		const char *line)
{
	size_t n = line ? strcspn(line, "\n") : 0;

	return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			    "hackbench: %s: %s%s%.*s%s", path, what,
			    line ? " \"" : "", (int)(n > 60 ? 60 : n),
			    line ? line : "", line ? "\"" : "");
}

static int starts(const char *line, const char *prefix)
{
	return !strncmp(line, prefix, strlen(prefix));
}

/* The number after "Time: " up to the end of the line. */
static int parse_time(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (end == s || errno || !isfinite(*out) || *out < 0)
		return -EINVAL;
	while (*end == ' ' || *end == '\r')
		end++;
	return *end == '\n' || !*end ? 0 : -EINVAL;
}

static int parse_running(const char *line, struct hb_result *r)
{
	int n = 0;

	if (sscanf(line,
		   RUNNING "%15s mode with %d groups using %d file descriptors "
			   "each (== %d tasks)%n",
		   r->mode, &r->groups, &r->fds_per_group, &r->tasks,
		   &n) != 4 ||
	    !n || r->groups <= 0 || r->fds_per_group <= 0 || r->tasks <= 0)
		return -EINVAL;
	return 0;
}

static int parse_sender(const char *line, struct hb_result *r)
{
	int n = 0;

	if (sscanf(line, SENDER "%d messages of %d bytes%n",
		   &r->messages_per_sender, &r->message_bytes, &n) != 2 ||
	    !n || r->messages_per_sender <= 0 || r->message_bytes <= 0)
		return -EINVAL;
	return 0;
}

int hb_parse(const char *text, const char *path, struct hb_result *out,
	     struct sb_error *e)
{
	const char *line = text;
	int headers = 0, have_time = 0;

	memset(out, 0, sizeof(*out));
	while (line && *line) {
		if (starts(line, RUNNING)) {
			if (parse_running(line, out))
				return fail(e, path, "malformed header line",
					    line);
			headers |= 1;
		} else if (starts(line, SENDER)) {
			if (parse_sender(line, out))
				return fail(e, path, "malformed header line",
					    line);
			headers |= 2;
		} else if (starts(line, TIME)) {
			if (parse_time(line + strlen(TIME), &out->time_s))
				return fail(e, path,
					    "time is not a number:", line);
			have_time = 1;
		}
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	if (!have_time)
		return fail(e, path, "no \"Time:\" line (output cut short?)",
			    NULL);
	out->have_header = headers == 3;
	return 0;
}

json_t *hb_result_json(const struct hb_result *r)
{
	json_t *res = json_pack("{s:f}", "time_s", r->time_s);

	if (res && r->have_header)
		json_object_update_new(
			res,
			json_pack("{s:s, s:i, s:i, s:i, s:i, s:i}", "mode",
				  r->mode, "groups", r->groups, "fds_per_group",
				  r->fds_per_group, "tasks", r->tasks,
				  "messages_per_sender", r->messages_per_sender,
				  "message_bytes", r->message_bytes));
	return res;
}

/* Parse the file at @path into @r. */
static int parse_file(const char *path, struct hb_result *r, struct sb_error *e)
{
	char *text;
	size_t len;
	int ret = sb_read_file(path, &text, &len);

	if (ret) {
		sb_error_set(e, ret, NULL, NULL, NULL, "hackbench: %s: %s",
			     path, strerror(-ret));
		return ret;
	}
	ret = hb_parse(text, path, r, e);
	free(text);
	return ret;
}

int hb_read_files(const char *const *paths, int n, json_t **result,
		  struct sb_error *e)
{
	double longest = 0;
	struct hb_result r;
	json_t *all;
	int ret = 0;

	*result = NULL;
	if (n < 1)
		return sb_error_set(e, -EINVAL, NULL, NULL, NULL,
				    "hackbench: no output file");
	all = json_array();
	if (!all)
		return -ENOMEM;
	for (int i = 0; !ret && i < n; i++) {
		ret = parse_file(paths[i], &r, e);
		if (!ret && json_array_append_new(all, hb_result_json(&r)))
			ret = -ENOMEM;
		if (!ret && r.time_s > longest)
			longest = r.time_s;
	}
	if (!ret) {
		*result = n == 1 ? json_incref(json_array_get(all, 0)) :
				   json_pack("{s:f, s:O}", "time_s", longest,
					     "instances", all);
		ret = *result ? 0 : -ENOMEM;
	}
	json_decref(all);
	return ret;
}
