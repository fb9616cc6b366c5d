// SPDX-License-Identifier: GPL-2.0
/* Capture a child's output through a temporary file (common/spawn.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/spawn.h"
#include "harness/boot/capture.h"

int capture_run(const char *const *argv, int with_stderr, int64_t timeout_ns,
		char **out)
{
	const char *tmpdir = getenv("TMPDIR");
	char path[4096];
	size_t len;
	int fd, rc, rd;

	*out = NULL;
	snprintf(path, sizeof(path), "%s/sb-capture.XXXXXX",
		 tmpdir && *tmpdir ? tmpdir : "/tmp");
	fd = mkstemp(path);
	if (fd < 0)
		return -errno;
	close(fd);
	rc = sb_run(&(struct sb_spawn){ .argv = argv,
					.stdout_path = path,
					.stderr_path = with_stderr ? path :
								     NULL,
					.new_pgrp = 1 },
		    timeout_ns);
	rd = sb_read_file(path, out, &len);
	unlink(path);
	if (rc >= 0 && rd < 0)
		return rd;
	if (rc < 0) {
		free(*out);
		*out = NULL;
	}
	return rc;
}

int capture_field(const char *text, const char *prefix, char *buf, size_t len)
{
	size_t plen = strlen(prefix);
	const char *line = text;

	while (line && *line) {
		const char *end = strchr(line, '\n');
		size_t n = end ? (size_t)(end - line) : strlen(line);

		while (n && (*line == ' ' || *line == '\t')) {
			line++;
			n--;
		}
		if (n >= plen && !strncmp(line, prefix, plen)) {
			line += plen;
			n -= plen;
			while (n && *line == ' ') {
				line++;
				n--;
			}
			while (n && (line[n - 1] == ' ' || line[n - 1] == '\r'))
				n--;
			if (n >= len)
				return -ENAMETOOLONG;
			memcpy(buf, line, n);
			buf[n] = '\0';
			return 0;
		}
		line = end ? end + 1 : NULL;
	}
	return -ENOENT;
}
