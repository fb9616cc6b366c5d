// SPDX-License-Identifier: GPL-2.0
/* Table-driven option parsing, validation and --help for the generators. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/duration.h"
#include "workloads/lib/opts.h"
#include "workloads/lib/slice.h"

#define MAX_OPTS 64

static const struct wl_opt *opt_at(const struct wl_cli *cli, int idx)
{
	for (int t = 0; t < WL_CLI_TABLES && cli->tables[t]; t++) {
		const struct wl_opt *o = cli->tables[t];

		for (; o->name; o++)
			if (!idx--)
				return o;
	}
	return NULL;
}

static int parse_int(const struct wl_opt *o, const char *v, char *err,
		     size_t errlen)
{
	char *end;
	long long x;

	errno = 0;
	x = strtoll(v, &end, 10);
	if (!*v || *end || errno) {
		snprintf(err, errlen, "--%s: \"%s\" is not an integer", o->name,
			 v);
		return -EINVAL;
	}
	if (o->max > o->min && (x < o->min || x > o->max)) {
		snprintf(err, errlen,
			 "--%s: \"%s\" is out of range [%" PRId64 ", %" PRId64
			 "]",
			 o->name, v, o->min, o->max);
		return -EINVAL;
	}
	*(int64_t *)o->dest = x;
	return 0;
}

static int parse_duration(const struct wl_opt *o, const char *v, char *err,
			  size_t errlen)
{
	char lo[32], hi[32];
	uint64_t ns;

	if (sb_parse_duration_ns(v, &ns)) {
		snprintf(err, errlen, "--%s: \"%s\" is not a duration", o->name,
			 v);
		return -EINVAL;
	}
	if (o->max > o->min &&
	    (ns < (uint64_t)o->min || ns > (uint64_t)o->max)) {
		snprintf(err, errlen, "--%s: \"%s\" is out of range [%s, %s]",
			 o->name, v,
			 sb_format_duration((uint64_t)o->min, lo, sizeof(lo)),
			 sb_format_duration((uint64_t)o->max, hi, sizeof(hi)));
		return -EINVAL;
	}
	*(uint64_t *)o->dest = ns;
	return 0;
}

static int set_value(const struct wl_opt *o, const char *v, char *err,
		     size_t errlen)
{
	int ret = 0;

	switch (o->type) {
	case WL_OPT_FLAG:
		*(int *)o->dest = 1;
		break;
	case WL_OPT_INT:
		ret = parse_int(o, v, err, errlen);
		break;
	case WL_OPT_DURATION:
		ret = parse_duration(o, v, err, errlen);
		break;
	case WL_OPT_CPULIST:
		ret = wl_cpulist_parse(v, (cpu_set_t *)o->dest);
		if (ret)
			snprintf(err, errlen, "--%s: \"%s\" is not a CPU list",
				 o->name, v);
		break;
	case WL_OPT_STRING:
		*(const char **)o->dest = v;
		break;
	}
	if (!ret && o->given)
		*o->given = 1;
	return ret;
}

static int build_getopt(const struct wl_cli *cli, struct option *lopts,
			char *sopts, size_t slen)
{
	size_t sl = 0;
	int n = 0;

	if (cli->stop_at_nonopt)
		sopts[sl++] = '+';
	sopts[sl++] = ':';
	for (const struct wl_opt *o; (o = opt_at(cli, n)); n++) {
		int has_arg = o->type == WL_OPT_FLAG ? no_argument :
						       required_argument;

		if (n >= MAX_OPTS || sl + 3 >= slen)
			return -E2BIG;
		lopts[n] = (struct option){ o->name, has_arg, NULL, 256 + n };
		if (o->short_name) {
			sopts[sl++] = (char)o->short_name;
			if (has_arg == required_argument)
				sopts[sl++] = ':';
		}
	}
	lopts[n] = (struct option){ 0 };
	sopts[sl] = '\0';
	return n;
}

static const struct wl_opt *by_short(const struct wl_cli *cli, int c)
{
	const struct wl_opt *o;

	for (int i = 0; (o = opt_at(cli, i)); i++)
		if (o->short_name == c)
			return o;
	return NULL;
}

static void name_of_bad(int argc, char **argv, int c, char *buf, size_t len)
{
	/* A short option is in optopt; a long one at argv[optind - 1]. */
	if (c > 0 && c < 256)
		snprintf(buf, len, "-%c", c);
	else if (optind - 1 < argc && optind >= 1)
		snprintf(buf, len, "%s", argv[optind - 1]);
	else
		snprintf(buf, len, "?");
}

int wl_cli_parse(const struct wl_cli *cli, int argc, char **argv, char *err,
		 size_t errlen)
{
	struct option lopts[MAX_OPTS + 1];
	char sopts[3 * MAX_OPTS + 3], bad[64];
	int c, ret;

	if (build_getopt(cli, lopts, sopts, sizeof(sopts)) < 0) {
		snprintf(err, errlen, "too many options");
		return -EINVAL;
	}
	optind = 0; /* glibc: full re-initialisation, then starts at 1 */
	opterr = 0;
	while ((c = getopt_long(argc, argv, sopts, lopts, NULL)) != -1) {
		const struct wl_opt *o;

		if (c == '?' || c == ':') {
			name_of_bad(argc, argv, optopt, bad, sizeof(bad));
			if (c == ':')
				snprintf(err, errlen, "%s: missing value", bad);
			else
				snprintf(err, errlen, "unknown option \"%s\"",
					 bad);
			return -EINVAL;
		}
		o = c >= 256 ? opt_at(cli, c - 256) : by_short(cli, c);
		ret = set_value(o, optarg, err, errlen);
		if (ret)
			return ret;
	}
	if (!cli->stop_at_nonopt && optind < argc) {
		snprintf(err, errlen, "unexpected argument \"%s\"",
			 argv[optind]);
		return -EINVAL;
	}
	return optind;
}

static void cpulist_format(const cpu_set_t *set, char *buf, size_t len)
{
	size_t l = 0;

	buf[0] = '\0';
	for (int i = 0; i < CPU_SETSIZE && l + 16 < len; i++) {
		int j = i;

		if (!CPU_ISSET(i, set))
			continue;
		while (j + 1 < CPU_SETSIZE && CPU_ISSET(j + 1, set))
			j++;
		l += (size_t)snprintf(buf + l, len - l, "%s%d", l ? "," : "",
				      i);
		if (j > i)
			l += (size_t)snprintf(buf + l, len - l, "-%d", j);
		i = j;
	}
}

static void default_of(const struct wl_opt *o, char *buf, size_t len)
{
	buf[0] = '\0';
	if (o->given && !*o->given && o->type != WL_OPT_STRING)
		return; /* "absent" is itself the default */
	switch (o->type) {
	case WL_OPT_FLAG:
		break;
	case WL_OPT_INT:
		snprintf(buf, len, "%" PRId64, *(int64_t *)o->dest);
		break;
	case WL_OPT_DURATION:
		sb_format_duration(*(uint64_t *)o->dest, buf, len);
		break;
	case WL_OPT_CPULIST:
		cpulist_format((cpu_set_t *)o->dest, buf, len);
		break;
	case WL_OPT_STRING:
		if (*(const char **)o->dest)
			snprintf(buf, len, "%s", *(const char **)o->dest);
		break;
	}
}

void wl_cli_help(const struct wl_cli *cli, FILE *f)
{
	const struct wl_opt *o;
	char left[64], def[128];

	fprintf(f, "Usage: %s %s\n%s\n\nOptions:\n", cli->prog, cli->synopsis,
		cli->about);
	for (int i = 0; (o = opt_at(cli, i)); i++) {
		char sh[8] = "    ";

		if (o->short_name)
			snprintf(sh, sizeof(sh), "-%c, ", o->short_name);
		snprintf(left, sizeof(left), "%s--%s%s%s", sh, o->name,
			 o->type == WL_OPT_FLAG ? "" : " ",
			 o->type == WL_OPT_FLAG ? "" : o->metavar);
		default_of(o, def, sizeof(def));
		fprintf(f, "  %-26s %s%s%s%s\n", left, o->help,
			def[0] ? " (default: " : "", def, def[0] ? ")" : "");
	}
	fprintf(f, "\nDurations: 500us, 0.5ms, 100ms, 2s, or plain ns.\n"
		   "Exit status: 0 ok, 2 bad usage, 3 environment.\n");
}

static int parse_cpu(const char **s, long *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -EINVAL;
	errno = 0;
	*out = strtol(*s, &end, 10);
	if (errno || *out >= CPU_SETSIZE)
		return -ERANGE;
	*s = end;
	return 0;
}

int wl_cpulist_parse(const char *s, cpu_set_t *set)
{
	cpu_set_t tmp;

	CPU_ZERO(&tmp);
	do {
		long a, b, stride = 1;

		if (parse_cpu(&s, &a))
			return -EINVAL;
		b = a;
		if (*s == '-') {
			s++;
			if (parse_cpu(&s, &b) || b < a)
				return -EINVAL;
			if (*s == ':') {
				s++;
				if (parse_cpu(&s, &stride) || stride < 1)
					return -EINVAL;
			}
		}
		for (long i = a; i <= b; i += stride)
			CPU_SET((int)i, &tmp);
	} while (*s++ == ',');
	if (s[-1] != '\0')
		return -EINVAL;
	*set = tmp;
	return 0;
}

void wl_common_init(struct wl_common *c, uint64_t duration_ns)
{
	memset(c, 0, sizeof(*c));
	c->duration_ns = duration_ns;
	c->seed = 1;
	c->node = -1;
}

void wl_common_opts(struct wl_common *c, struct wl_opt *tab)
{
	const struct wl_opt common[WL_COMMON_NOPTS + 1] = {
		{ "duration", 'd', WL_OPT_DURATION, &c->duration_ns, NULL, "D",
		  "measured time", 1, WL_MAX_DURATION_NS },
		{ "warmup", 'w', WL_OPT_DURATION, &c->warmup_ns, NULL, "D",
		  "run this long first, excluded from every figure", 0, 0 },
		{ "slice", 's', WL_OPT_DURATION, &c->slice_ns, &c->slice_given,
		  "D", "EEVDF slice (absent: keep the inherited one)", 0, 0 },
		{ "batch", 'b', WL_OPT_FLAG, &c->batch, NULL, NULL,
		  "SCHED_BATCH instead of SCHED_OTHER", 0, 0 },
		{ "cpus", 'c', WL_OPT_CPULIST, &c->cpus, &c->cpus_given, "LIST",
		  "run on these CPUs (e.g. 0-3,6)", 0, 0 },
		{ "node", 'n', WL_OPT_INT, &c->node, &c->node_given, "N",
		  "run on NUMA node N and prefer its memory", 0, 4095 },
		{ "json", 'j', WL_OPT_STRING, &c->json_path, NULL, "FILE",
		  "write the JSON document to FILE (- = stdout)", 0, 0 },
		{ "seed", 0, WL_OPT_INT, &c->seed, NULL, "N", "random seed", 0,
		  0 },
		{ "quiet", 'q', WL_OPT_FLAG, &c->quiet, NULL, NULL,
		  "no text output", 0, 0 },
		{ "help", 'h', WL_OPT_FLAG, &c->help, NULL, NULL,
		  "show this help and exit", 0, 0 },
		{ 0 },
	};

	memcpy(tab, common, sizeof(common));
}

void wl_common_slice_req(const struct wl_common *c, struct wl_slice_req *req)
{
	memset(req, 0, sizeof(*req));
	req->set_slice = c->slice_given;
	req->slice_ns = c->slice_ns;
	req->batch = c->batch;
}
