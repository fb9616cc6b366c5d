/* SPDX-License-Identifier: GPL-2.0 */
/* Reads rt-tests hackbench's text output (its "Time:" line and its header). */
#ifndef SB_TOOLOUT_HACKBENCH_H
#define SB_TOOLOUT_HACKBENCH_H

#include <jansson.h>

#include "common/error.h"

struct hb_result {
	int have_header; /* the "Running in …" and "Each sender …" lines */
	char mode[16]; /* "process" or "threaded" */
	int groups, fds_per_group, tasks;
	int messages_per_sender, message_bytes;
	double time_s;
};

/*
 * Parse @text, hackbench's stdout read from @path (named in errors), into
 * @out. Returns 0, or -EINVAL with @e "hackbench: <path>: <what>" when
 * the "Time:" line is missing or not a number, or a header line is malformed.
 */
int hb_parse(const char *text, const char *path, struct hb_result *out,
	     struct sb_error *e);

/* The workload document's "result" object for @r. */
json_t *hb_result_json(const struct hb_result *r);

/*
 * Read and parse the outputs @paths[0..@n-1] of @n instances started
 * together into @result: one instance's object as above; several: "time_s",
 * the longest (when the last one finished), and "instances", each one's
 * object. Returns 0, -EINVAL (@e names the tool and the file) or -errno
 * when a file cannot be read, -ENOMEM.
 */
int hb_read_files(const char *const *paths, int n, json_t **result,
		  struct sb_error *e);

#endif
