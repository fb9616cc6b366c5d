// SPDX-License-Identifier: GPL-2.0
/* perf.data's header, attribute section and tracing-data formats, read with bounds checks from a mapping. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/host_formats.h"
#include "analyzer/perfdata_file.h"
#include "common/error.h"

#define PD_HEADER_SIZE 104 /* struct perf_file_header */
#define PD_PIPE_HEADER_SIZE 16 /* struct perf_pipe_file_header */
#define PD_ATTR_SIZE_VER0 64 /* the first perf_event_attr */
#define PD_FEAT_TRACING_DATA 1
#define PD_FEAT_COMPRESSED 27
#define PD_FEAT_BITS 256
#define PD_MAX_ATTRS 4096
#define PD_MAX_IDS (1u << 20)

/* Is [@off, @off + @size) inside the file? */
static int fits(const struct pd_file *f, uint64_t off, uint64_t size)
{
	return off <= f->len && size <= f->len - off;
}

/* @f is refused: @what, at or of @v. */
static int bad(const struct pd_file *f, struct sb_error *e, const char *what,
	       uint64_t v)
{
	return sb_error_set(e, -EBADMSG, f->path, NULL, NULL,
			    "%s (%" PRIu64 ")", what, v);
}

static int no_memory(const struct pd_file *f, struct sb_error *e,
		     const char *what, uint64_t v)
{
	return sb_error_set(e, -ENOMEM, f->path, NULL, NULL, "%s (%" PRIu64 ")",
			    what, v);
}

static int cmp_id(const void *a, const void *b)
{
	uint64_t x = ((const struct pd_id *)a)->id;
	uint64_t y = ((const struct pd_id *)b)->id;

	return (x > y) - (x < y);
}

const struct pd_attr *pd_attr_of(const struct pd_file *f, uint64_t id)
{
	struct pd_id key = { .id = id };
	const struct pd_id *hit =
		bsearch(&key, f->ids, f->nids, sizeof(*f->ids), cmp_id);

	return hit ? &f->attrs[hit->attr] : NULL;
}

/* Where a sample of @a has its fields: each PERF_SAMPLE_* bit set before
 * a field adds a u64 (perf_event.h's order of sample fields). */
static void sample_layout(struct pd_attr *a)
{
	static const uint64_t before_time = PD_SAMPLE_IDENTIFIER |
					    PD_SAMPLE_IP | PD_SAMPLE_TID;
	static const uint64_t before_cpu = PD_SAMPLE_ADDR | PD_SAMPLE_ID |
					   PD_SAMPLE_STREAM_ID;
	uint64_t t = a->sample_type;

	a->traced = (t & PD_SAMPLE_RAW) && (t & PD_SAMPLE_TIME) &&
		    (t & PD_SAMPLE_CPU);
	a->time_off = 8 + 8 * (uint32_t)__builtin_popcountll(t & before_time);
	a->cpu_off = a->time_off + 8 +
		     8 * (uint32_t)__builtin_popcountll(t & before_cpu);
	a->raw_off = t & (PD_SAMPLE_READ | PD_SAMPLE_CALLCHAIN) ?
			     0 :
			     a->cpu_off + 8 + (t & PD_SAMPLE_PERIOD ? 8 : 0);
}

/* The attribute section: perf_event_attr + the section of its ids, each. */
static int read_attrs(struct pd_file *f, struct sb_error *e)
{
	const unsigned char *h = f->map;
	uint64_t attr_size = pd_rd64(h + 16), off = pd_rd64(h + 24),
		 size = pd_rd64(h + 32), nids = 0;

	if (attr_size < PD_ATTR_SIZE_VER0 + 16 || attr_size > 4096)
		return bad(f, e, "header: attr_size out of range", attr_size);
	if (!fits(f, off, size) || !size || size % attr_size ||
	    size / attr_size > PD_MAX_ATTRS)
		return bad(f, e,
			   "header: attribute section out of the file or empty",
			   size);
	f->nattrs = size / attr_size;
	f->attrs = calloc(f->nattrs, sizeof(*f->attrs));
	if (!f->attrs)
		return no_memory(f, e, "out of memory for attributes",
				 f->nattrs);
	for (size_t i = 0; i < f->nattrs; i++) {
		const unsigned char *a = f->map + off + i * attr_size;
		const unsigned char *ids = a + attr_size - 16;
		struct pd_attr *pa = &f->attrs[i];

		pa->type = pd_rd32(a);
		pa->config = pd_rd64(a + 8);
		pa->sample_type = pd_rd64(a + 24);
		pa->read_format = pd_rd64(a + 32);
		pa->sample_id_all = !!(pd_rd64(a + 40) & (1ull << 18));
		sample_layout(pa);
		if (!fits(f, pd_rd64(ids), pd_rd64(ids + 8)) ||
		    pd_rd64(ids + 8) / 8 > PD_MAX_IDS - nids)
			return bad(f, e, "attribute ids out of the file, attr",
				   i);
		nids += pd_rd64(ids + 8) / 8;
		if (pa->sample_type != f->attrs[0].sample_type)
			f->same_type = 0;
	}
	for (size_t i = 0; !f->same_type && i < f->nattrs; i++)
		if (!(f->attrs[i].sample_type & PD_SAMPLE_IDENTIFIER))
			return bad(
				f, e,
				"attributes of different sample types without"
				" PERF_SAMPLE_IDENTIFIER, attr",
				i);
	f->ids = calloc(nids ? nids : 1, sizeof(*f->ids));
	if (!f->ids)
		return no_memory(f, e, "out of memory for sample ids", nids);
	for (size_t i = 0; i < f->nattrs; i++) {
		const unsigned char *ids =
			f->map + off + (i + 1) * attr_size - 16;

		for (uint64_t k = 0; k < pd_rd64(ids + 8) / 8; k++)
			f->ids[f->nids++] = (struct pd_id){
				pd_rd64(f->map + pd_rd64(ids) + k * 8), i
			};
	}
	qsort(f->ids, f->nids, sizeof(*f->ids), cmp_id);
	return 0;
}

/* The feature sections follow the data section, one per bit set in the
 * header's feature bitmap, in bit order. */
static int read_features(struct pd_file *f, struct sb_error *e)
{
	const unsigned char *bits = f->map + 72;
	uint64_t table = f->data_off + f->data_size, idx = 0;

	if (bits[PD_FEAT_COMPRESSED / 8] & (1u << PD_FEAT_COMPRESSED % 8))
		return sb_error_set(e, -EBADMSG, f->path, NULL, NULL,
				    "compressed perf.data (perf record -z) is"
				    " not supported: record without -z");
	if (!(bits[0] & (1u << PD_FEAT_TRACING_DATA)))
		return sb_error_set(
			e, -EBADMSG, f->path, NULL, NULL,
			"no tracing data feature section (event"
			" formats): not a recording of tracepoints");
	idx = bits[0] & 1; /* HEADER_RESERVED, if ever set, comes first */
	if (!fits(f, table + idx * 16, 16))
		return bad(f, e, "feature section table cut short at offset",
			   table);
	f->tracing_len = pd_rd64(f->map + table + idx * 16 + 8);
	if (!fits(f, pd_rd64(f->map + table + idx * 16), f->tracing_len))
		return bad(f, e, "tracing data section out of the file, size",
			   f->tracing_len);
	f->tracing = f->map + pd_rd64(f->map + table + idx * 16);
	return 0;
}

static int check_header(struct pd_file *f, struct sb_error *e)
{
	const unsigned char *h = f->map;

	if (f->len >= 8 && !memcmp(h, "2ELIFREP", 8))
		return sb_error_set(e, -EBADMSG, f->path, NULL, NULL,
				    "big-endian perf.data is not supported");
	if (f->len < 16 || memcmp(h, "PERFILE2", 8)) { /* map may be NULL */
		sb_error_set(e, -EINVAL, f->path, NULL, NULL,
			     "not a perf.data (PERFILE2) file");
		return -EINVAL;
	}
	if (pd_rd64(h + 8) == PD_PIPE_HEADER_SIZE)
		return sb_error_set(e, -EBADMSG, f->path, NULL, NULL,
				    "pipe-mode perf.data (perf record -o -) is"
				    " not supported: record to a file");
	if (f->len < PD_HEADER_SIZE || pd_rd64(h + 8) < PD_HEADER_SIZE)
		return bad(f, e, "header: size too small or cut short",
			   pd_rd64(h + 8));
	f->data_off = pd_rd64(h + 40);
	f->data_size = pd_rd64(h + 48);
	if (!f->data_size || !fits(f, f->data_off, f->data_size))
		return sb_error_set(e, -EBADMSG, f->path, NULL, NULL,
				    "truncated perf.data (data section %" PRIu64
				    "+%" PRIu64 " bytes, file %zu)",
				    f->data_off, f->data_size, f->len);
	return 0;
}

int pd_open(struct pd_file *f, const char *path, struct sb_error *e)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc;

	memset(f, 0, sizeof(*f));
	f->path = path;
	f->fd = fd;
	f->same_type = 1;
	if (fd < 0 || fstat(fd, &st)) {
		rc = sb_error_set(e, -EINVAL, path, NULL, NULL, "%s",
				  strerror(errno));
		pd_close(f);
		return rc;
	}
	f->len = (size_t)st.st_size;
	f->map = f->len ? mmap(NULL, f->len, PROT_READ, MAP_PRIVATE, fd, 0) :
			  NULL;
	if (f->map == MAP_FAILED) {
		rc = sb_error_set(e, sb_env_errno(-errno), path, NULL, NULL,
				  "mmap: %s", strerror(errno));
		pd_close(f);
		return rc;
	}
	rc = check_header(f, e);
	if (!rc)
		rc = read_attrs(f, e);
	if (!rc)
		rc = read_features(f, e);
	if (rc)
		pd_close(f);
	return rc;
}

void pd_close(struct pd_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	if (f->map && f->map != MAP_FAILED)
		munmap((void *)f->map, f->len);
	free(f->attrs);
	free(f->ids);
	f->map = NULL;
	f->attrs = NULL;
	f->ids = NULL;
}

/* A cursor over the tracing data (perf's "tracing" header, the layout of
 * trace.dat's start), in the byte order it declares. */
struct cur {
	const unsigned char *p, *end;
	int swap;
};

static int take(struct cur *c, size_t n, const unsigned char **out)
{
	if ((size_t)(c->end - c->p) < n)
		return -EINVAL;
	*out = c->p;
	c->p += n;
	return 0;
}

static int take_u32(struct cur *c, uint32_t *v)
{
	const unsigned char *p;

	if (take(c, 4, &p))
		return -EINVAL;
	*v = c->swap ? __builtin_bswap32(pd_rd32(p)) : pd_rd32(p);
	return 0;
}

static int take_u64(struct cur *c, uint64_t *v)
{
	const unsigned char *p;

	if (take(c, 8, &p))
		return -EINVAL;
	*v = c->swap ? __builtin_bswap64(pd_rd64(p)) : pd_rd64(p);
	return 0;
}

static int take_str(struct cur *c, const char **s)
{
	const unsigned char *nul = memchr(c->p, '\0', (size_t)(c->end - c->p));

	if (!nul)
		return -EINVAL;
	*s = (const char *)c->p;
	c->p = nul + 1;
	return 0;
}

/* A u64 size and that many bytes. */
static int take_blob(struct cur *c, const unsigned char **p, uint64_t *len)
{
	if (take_u64(c, len) || *len > (uint64_t)(c->end - c->p))
		return -EINVAL;
	return take(c, (size_t)*len, p);
}

static int skip_named(struct cur *c, const char *name)
{
	const unsigned char *p;
	const char *s;
	uint64_t len;

	if (take_str(c, &s) || strcmp(s, name))
		return -EINVAL;
	return take_blob(c, &p, &len);
}

/* Format files are text: a corrupt one is refused before libtraceevent,
 * which trusts what it parses (and leaks on some malformed text). */
static int is_text(const unsigned char *p, uint64_t len)
{
	for (uint64_t i = 0; i < len; i++)
		if ((p[i] < ' ' && p[i] != '\t' && p[i] != '\n') || p[i] > '~')
			return 0;
	return 1;
}

/* What is done with each sched event format (text, @len bytes): 0 goes
 * on to the next, non-zero stops the walk with that result. */
typedef int (*format_fn)(void *arg, const unsigned char *text, uint64_t len);

/* The event formats after the tracing data's header: @fn on those of the
 * "sched" system, in the file's order. */
static int each_sched_format(struct cur *c, format_fn fn, void *arg)
{
	const unsigned char *p;
	uint32_t n, nsys;
	uint64_t len;
	const char *sys;
	int r;

	if (take_u32(c, &n)) /* ftrace's own formats: not needed */
		return -EINVAL;
	for (uint32_t i = 0; i < n; i++)
		if (take_blob(c, &p, &len))
			return -EINVAL;
	if (take_u32(c, &nsys))
		return -EINVAL;
	for (uint32_t i = 0; i < nsys; i++) {
		if (take_str(c, &sys) || take_u32(c, &n))
			return -EINVAL;
		for (uint32_t k = 0; k < n; k++) {
			if (take_blob(c, &p, &len))
				return -EINVAL;
			if (strcmp(sys, "sched"))
				continue;
			r = fn(arg, p, len);
			if (r)
				return r;
		}
	}
	return 0;
}

/* The tracing data's header, up to its event formats; the byte order and
 * sizes it declares go to @tep unless NULL. */
static int tracing_header(const struct pd_file *f, struct cur *c,
			  struct tep_handle *tep)
{
	const unsigned char *p;
	const char *version;
	uint32_t page_size;

	*c = (struct cur){ f->tracing, f->tracing + f->tracing_len, 0 };
	if (take(c, 10, &p) || memcmp(p, "\027\010\104tracing", 10) ||
	    take_str(c, &version) || take(c, 2, &p))
		return -EINVAL;
	c->swap = p[0] != (__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__);
	if (p[1] != 4 && p[1] != 8)
		return -EINVAL;
	if (take_u32(c, &page_size))
		return -EINVAL;
	if (tep) {
		tep_set_file_bigendian(tep, p[0] ? TEP_BIG_ENDIAN :
						   TEP_LITTLE_ENDIAN);
		tep_set_local_bigendian(tep,
					__BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ?
						TEP_BIG_ENDIAN :
						TEP_LITTLE_ENDIAN);
		tep_set_long_size(tep, p[1]);
		tep_set_page_size(tep, (int)page_size);
	}
	if (skip_named(c, "header_page") || skip_named(c, "header_event"))
		return -EINVAL;
	return 0;
}

struct parse_ctx {
	const struct pd_file *f;
	struct tep_handle *tep;
	struct sb_error *e;
	uint32_t k; /* formats of the system parsed so far */
};

static int parse_one(void *arg, const unsigned char *text, uint64_t len)
{
	struct parse_ctx *x = arg;

	if (!is_text(text, len) ||
	    tep_parse_event(x->tep, (const char *)text, (size_t)len, "sched"))
		return sb_error_set(x->e, -EBADMSG, x->f->path, "tracing data",
				    NULL, "malformed sched event format %u",
				    x->k);
	x->k++;
	return 0;
}

/* The tracing data's parts that are parsed by libtraceevent into @tep. */
static int parse_formats(const struct pd_file *f, struct tep_handle *tep,
			 struct sb_error *e)
{
	struct parse_ctx x = { f, tep, e, 0 };
	struct cur c;

	if (tracing_header(f, &c, tep))
		return -EINVAL;
	return each_sched_format(&c, parse_one, &x);
}

struct host_ctx {
	const char *tracefs;
	unsigned int n; /* formats found the host's */
};

static int differs_from_host(void *arg, const unsigned char *text, uint64_t len)
{
	struct host_ctx *x = arg;

	if (!host_format_same(x->tracefs, "sched", text, (size_t)len))
		return 1;
	x->n++;
	return 0;
}

int pd_formats_are_hosts(const struct pd_file *f, const char *tracefs)
{
	struct host_ctx x = { tracefs, 0 };
	struct cur c;

	return !tracing_header(f, &c, NULL) &&
	       !each_sched_format(&c, differs_from_host, &x) && x.n;
}

int pd_parse_formats(const struct pd_file *f, struct tep_handle *tep,
		     struct sb_error *e)
{
	int rc = parse_formats(f, tep, e);

	if (rc == -EINVAL)
		return sb_error_set(e, -EBADMSG, f->path, "tracing data", NULL,
				    "tracing data cut short or malformed");
	return rc;
}
