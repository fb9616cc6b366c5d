/* SPDX-License-Identifier: GPL-2.0 */
/*
 * perf.data's layout (perf's own file format, the "PERFILE2" version):
 * the file header, the attribute section (one perf_event_attr per recorded
 * event, with the sample ids it was given), the data section's records and
 * the HEADER_TRACING_DATA feature section that carries the tracepoint
 * formats. The headers and sections are read from a mapping; the data
 * section is left to the record reader (through @fd).
 */
#ifndef SB_PERFDATA_FILE_H
#define SB_PERFDATA_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <traceevent/event-parse.h>

#include "common/error.h"

/* perf_event_attr.sample_type bits the reader knows the place of. */
#define PD_SAMPLE_IP (1ull << 0)
#define PD_SAMPLE_TID (1ull << 1)
#define PD_SAMPLE_TIME (1ull << 2)
#define PD_SAMPLE_ADDR (1ull << 3)
#define PD_SAMPLE_READ (1ull << 4)
#define PD_SAMPLE_CALLCHAIN (1ull << 5)
#define PD_SAMPLE_ID (1ull << 6)
#define PD_SAMPLE_CPU (1ull << 7)
#define PD_SAMPLE_PERIOD (1ull << 8)
#define PD_SAMPLE_STREAM_ID (1ull << 9)
#define PD_SAMPLE_RAW (1ull << 10)
#define PD_SAMPLE_IDENTIFIER (1ull << 16)

struct pd_attr {
	uint64_t sample_type, read_format, config;
	uint32_t type;
	int sample_id_all; /* non-sample records end with the sample id */
	int traced; /* its samples carry TIME, CPU and RAW */
	/* In its samples: where TIME and CPU are, and where RAW's size is
	 * (0: after a READ or CALLCHAIN part of varying size). */
	uint32_t time_off, cpu_off, raw_off;
};

struct pd_id {
	uint64_t id;
	size_t attr;
};

struct pd_file {
	const char *path;
	int fd; /* open for reading, -1 when closed */
	const unsigned char *map;
	size_t len;
	uint64_t data_off, data_size;
	struct pd_attr *attrs;
	size_t nattrs;
	struct pd_id *ids; /* sorted by id */
	size_t nids;
	int same_type; /* every attribute has the same sample_type */
	const unsigned char *tracing; /* the tracing data feature section */
	uint64_t tracing_len;
};

/*
 * Map @path and check its header, attributes and sections. Returns 0, or
 * with @e naming the file and what is wrong: -EINVAL (cannot be opened, not
 * a perf.data), -EBADMSG (truncated, corrupt, or a kind refused: pipe mode,
 * compressed, big-endian, no tracepoint formats), -ENOMEM or -EIO.
 */
int pd_open(struct pd_file *f, const char *path, struct sb_error *e);
void pd_close(struct pd_file *f);

/* The attribute of sample id @id; NULL when none has it. */
const struct pd_attr *pd_attr_of(const struct pd_file *f, uint64_t id);

/*
 * Parse the tracing data's "sched" event formats into @tep (libtraceevent
 * trusts them: run it in a child first, sbt_survives, unless they are
 * the running kernel's, pd_formats_are_hosts). Returns 0 or
 * -EBADMSG with @e ("FILE: tracing data: what is cut short or malformed").
 */
int pd_parse_formats(const struct pd_file *f, struct tep_handle *tep,
		     struct sb_error *e);

/*
 * 1 when the tracing data's sched event formats are, each byte for byte,
 * those of the running kernel under @tracefs (see host_formats.h): they
 * can be parsed without a probe. 0 when any differs or none is there.
 */
int pd_formats_are_hosts(const struct pd_file *f, const char *tracefs);

/* Host-endian (the only kind read) u64 and u32 at @p, unaligned. */
static inline uint64_t pd_rd64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static inline uint32_t pd_rd32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

#endif
