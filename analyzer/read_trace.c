// SPDX-License-Identifier: GPL-2.0
/* The trace readers as one table: a file's magic picks its reader. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "analyzer/sbt_read.h"

/* The trace readers, told apart by the magic their files open with. */
static const struct trace_reader {
	const char *magic;
	size_t magic_len;
	const char *recorder; /* what wrote the file, for the table's header */
	int (*read)(struct sbt *s, const char *path, struct sb_error *e);
} readers[] = {
	{ "\x17\x08\x44tracing", 10, "trace-cmd", sbt_read_tracedat },
	{ "PERFILE2", 8, "perf", sbt_read_perfdata },
	{ "2ELIFREP", 8, "perf", sbt_read_perfdata }, /* other byte order */
};

int sbt_read_trace(struct sbt *s, const char *path, const char **recorder,
		   struct sb_error *e)
{
	char magic[10] = { 0 };
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return sb_error_set(e, -EINVAL, path, NULL, NULL, "%s",
				    strerror(errno));
	n = read(fd, magic, sizeof(magic));
	close(fd);
	for (size_t i = 0; i < sizeof(readers) / sizeof(readers[0]); i++)
		if (n >= (ssize_t)readers[i].magic_len &&
		    !memcmp(magic, readers[i].magic, readers[i].magic_len)) {
			*recorder = readers[i].recorder;
			return readers[i].read(s, path, e);
		}
	return sb_error_set(e, -EINVAL, path, NULL, NULL,
			    "not a trace.dat (trace-cmd) or perf.data file");
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
