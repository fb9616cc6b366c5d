// SPDX-License-Identifier: GPL-2.0
/* Tell a trace file's format by its magic and hand it to its reader. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/sbt_read.h"
#include "common/exitcodes.h"

static const char tracedat_magic[] = "\x17\x08\x44tracing";

int sbt_read_trace(struct sbt *s, const char *path, const char **recorder,
		   char *err, size_t errlen)
{
	char magic[10] = { 0 };
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return SB_EXIT_USAGE;
	}
	n = read(fd, magic, sizeof(magic));
	close(fd);
	if (n == sizeof(magic) && !memcmp(magic, tracedat_magic, 10)) {
		*recorder = "trace-cmd";
		return sbt_read_tracedat(s, path, err, errlen);
	}
	if (n >= 8 &&
	    (!memcmp(magic, "PERFILE2", 8) || !memcmp(magic, "2ELIFREP", 8))) {
		*recorder = "perf";
		return sbt_read_perfdata(s, path, err, errlen);
	}
	snprintf(err, errlen,
		 "%s: not a trace.dat (trace-cmd) or perf.data file", path);
	return SB_EXIT_USAGE;
}

int sbt_parse_seconds(const char *s, uint64_t *ns)
{
	uint64_t sec = 0, frac = 0;
	int digits = 0, any = 0;

	for (; *s >= '0' && *s <= '9'; s++, any = 1) {
		if (sec > UINT64_MAX / 1000000000ull / 10)
			return -EINVAL;
		sec = sec * 10 + (uint64_t)(*s - '0');
	}
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++, any = 1)
			if (digits < 9)
				frac = frac * 10 + (uint64_t)(*s - '0'),
				digits++;
	if (*s || !any)
		return -EINVAL;
	for (; digits < 9; digits++)
		frac *= 10;
	*ns = sec * 1000000000ull + frac;
	return 0;
}
