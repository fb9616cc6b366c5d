// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel: list, show, fetch, build and test-boot kernels. */
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/rootdir.h"
#include "common/atomicio.h"
#include "common/duration.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/fmt.h"
#include "harness/boot/initramfs.h"
#include "harness/boot/kernel.h"
#include "harness/boot/vm.h"
#include "harness/cmds.h"

struct boot_opts {
	const char *init, *scenario, *results_out, *console, *initrd_out;
	const char *accel, *append, *bin_dir, *timeout, *numa;
	int cpus, memory_mb, icount_shift, with_perf, require_agent;
};

enum opt_kind { OPT_STR, OPT_INT, OPT_FLAG };

/* The options of `kernel boot`: one table for parsing and --help. */
static const struct opt {
	const char *name, *metavar, *help;
	enum opt_kind kind;
	size_t offset;
	long min, max;
} boot_options[] = {
#define S(n, m, member, h)                                                 \
	{                                                                  \
		n, m, h, OPT_STR, offsetof(struct boot_opts, member), 0, 0 \
	}
#define I(n, m, member, lo, hi, h)                                           \
	{                                                                    \
		n, m, h, OPT_INT, offsetof(struct boot_opts, member), lo, hi \
	}
	S("init", "FILE", init,
	  "guest /init (required): a busybox sh script or program"),
	S("scenario", "FILE", scenario,
	  "put FILE at /etc/slicebench/scenario.json"),
	S("timeout", "DUR", timeout,
	  "hard limit for boot-run-poweroff (default 120s)"),
	S("results-out", "FILE", results_out,
	  "host file receiving the 'results' port"),
	S("console", "FILE", console,
	  "serial console log (default: a temp file)"),
	S("initrd-out", "FILE", initrd_out,
	  "where to write the initramfs (default: in the cache)"),
	S("accel", "A", accel, "auto|kvm|tcg|icount|virtual (default auto)"),
	I("icount-shift", "N", icount_shift, 0, 10, "icount shift (default 1)"),
	I("cpus", "N", cpus, 1, 64, "guest CPUs (default 2)"),
	I("memory", "MB", memory_mb, 64, 65536,
	  "guest memory in MB (default 1024)"),
	S("append", "ARGS", append, "extra kernel command line"),
	S("numa", "C:MB,...", numa,
	  "NUMA nodes, e.g. 0:512,1:512 (CPUs as 0 or 0-1)"),
	S("bin-dir", "DIR", bin_dir,
	  "static slicebench binaries (default build/bin)"),
	{ "with-perf", NULL, "add perf and its libraries", OPT_FLAG,
	  offsetof(struct boot_opts, with_perf), 0, 1 },
	{ "require-agent", NULL,
	  "fail when BIN_DIR/sbguest is missing (the real guest)", OPT_FLAG,
	  offsetof(struct boot_opts, require_agent), 0, 1 },
#undef S
#undef I
};

#define N_BOOT_OPTS (sizeof(boot_options) / sizeof(boot_options[0]))

static void usage(FILE *f)
{
	fprintf(f,
		"usage: slicebench kernel list\n"
		"       slicebench kernel show NAME\n"
		"       slicebench kernel fetch NAME\n"
		"       slicebench kernel build NAME\n"
		"       slicebench kernel initramfs NAME --init FILE [options]\n"
		"       slicebench kernel boot NAME --init FILE [options]\n\n"
		"NAME is a descriptor in kernels/<name>/kernel.json (NAME@VERSION:\n"
		"a Debian-type one pinned to a point release, e.g. debian@6.12.107;\n"
		"list shows the versions apt offers), 'host', or a\n"
		"path to a bzImage (booted as is). fetch makes the image available\n"
		"(Debian package download, or a source build); build does the\n"
		"source build of a type \"source\" kernel. boot builds an initramfs\n"
		"around --init, boots it under QEMU and prints the outcome as JSON\n"
		"(exit 0 when the guest printed 'SLICEBENCH: done status=ok';\n"
		"3 on a panic, timeout or guest failure). initramfs only writes the\n"
		"archive (--init, --scenario, --initrd-out, --bin-dir, --with-perf,\n"
		"--require-agent) and prints its path. Source builds honour KSRC=DIR.\n\n"
		"options:\n");
	for (size_t i = 0; i < N_BOOT_OPTS; i++)
		sb_opt_help_line(f, 22, boot_options[i].name,
				 boot_options[i].metavar, boot_options[i].help);
	fprintf(f,
		"\ncache: %s (SLICEBENCH_CACHE); descriptors: %s "
		"(SLICEBENCH_KERNELS)\n",
		kernel_cache_dir(), kernel_dir());
}

static int parse_boot(int argc, char **argv, struct boot_opts *o)
{
	struct option lo[N_BOOT_OPTS + 2];
	int c, idx;

	for (size_t i = 0; i < N_BOOT_OPTS; i++)
		lo[i] = (struct option){ boot_options[i].name,
					 boot_options[i].kind == OPT_FLAG ?
						 no_argument :
						 required_argument,
					 NULL, (int)i };
	lo[N_BOOT_OPTS] = (struct option){ "help", no_argument, NULL, 'h' };
	lo[N_BOOT_OPTS + 1] = (struct option){ 0 };
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", lo, &idx)) != -1) {
		const struct opt *op;
		char *end;
		long v;

		if (c == 'h') {
			usage(stdout);
			exit(SB_EXIT_OK);
		}
		if (c < 0 || c >= (int)N_BOOT_OPTS) {
			usage(stderr);
			return SB_EXIT_USAGE;
		}
		op = &boot_options[c];
		if (op->kind == OPT_STR) {
			*(const char **)((char *)o + op->offset) = optarg;
			continue;
		}
		if (op->kind == OPT_FLAG) {
			*(int *)((char *)o + op->offset) = 1;
			continue;
		}
		v = strtol(optarg, &end, 10);
		if (!*optarg || *end || v < op->min || v > op->max) {
			fprintf(stderr,
				"slicebench kernel boot: --%s: \"%s\" is not an integer in [%ld, %ld]\n",
				op->name, optarg, op->min, op->max);
			return SB_EXIT_USAGE;
		}
		*(int *)((char *)o + op->offset) = (int)v;
	}
	return 0;
}

static json_t *info_json(const struct kernel_info *ki)
{
	return json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:s, s:s, s:s, s:s}",
		"name", ki->name, "type", kernel_type_name(ki->type),
		"description", ki->description, "image", ki->image, "release",
		ki->release, "config_path", ki->config_path, "config_sha256",
		ki->config_sha256, "modules_dir", ki->modules_dir, "source",
		ki->source, "machine", ki->machine, "custom_slices",
		ki->custom_slices, "package", ki->package, "tree", ki->tree,
		"fragment", ki->fragment, "series", ki->series, "build_log",
		ki->build_log);
}

static int print_json(json_t *j)
{
	if (!j || json_dumpf(j, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
		return SB_EXIT_ENV;
	putchar('\n');
	json_decref(j);
	return SB_EXIT_OK;
}

static int lookup(const char *name, struct kernel_info *ki, int prepare)
{
	char err[1024];
	int ret = kernel_lookup(name, ki, err, sizeof(err));

	if (!ret && prepare)
		ret = kernel_prepare(ki, err, sizeof(err));
	if (ret)
		fprintf(stderr, "slicebench kernel: %s\n", err);
	return ret;
}

static int do_list(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	char *names, *p, err[1024], versions[1024];
	size_t n;
	int ret = kernel_list(&names, &n);

	(void)name;
	(void)argc;
	(void)argv;
	if (ret) {
		fprintf(stderr, "slicebench kernel: %s: %s\n", kernel_dir(),
			strerror(-ret));
		return SB_EXIT_ENV;
	}
	p = names;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1) {
		if (kernel_lookup(p, &ki, err, sizeof(err))) {
			printf("%-14s (bad descriptor: %s)\n", p, err);
			continue;
		}
		printf("%-14s %-7s %-28s %s\n", p, kernel_type_name(ki.type),
		       ki.release[0]		? ki.release :
		       ki.type == KERNEL_SOURCE ? "(not built)" :
						  "(not fetched)",
		       ki.description);
		if (ki.type == KERNEL_DEBIAN &&
		    !kernel_debian_versions(&ki, versions, sizeof(versions)))
			printf("%-14s apt offers %s (%s@VERSION)\n", "",
			       *versions ? versions : "none", p);
	}
	free(names);
	return SB_EXIT_OK;
}

/* The initramfs of `boot` and `initramfs`; its path goes into @initrd. */
static int make_initramfs(const char *cmd, const struct kernel_info *ki,
			  const struct boot_opts *o, char *initrd, size_t len)
{
	char bin_dir[PATH_MAX], err[1024], dir[PATH_MAX];
	int ret;

	if (!o->init) {
		fprintf(stderr,
			"slicebench kernel %s: --init FILE is required\n", cmd);
		return SB_EXIT_USAGE;
	}
	sb_root_path(bin_dir, sizeof(bin_dir), "build/bin");
	if (o->initrd_out) {
		ret = sb_fmt(initrd, len, "%s", o->initrd_out);
	} else {
		ret = sb_fmt(dir, sizeof(dir), "%s/initramfs",
			     kernel_cache_dir()) ||
		      sb_fmt(initrd, len, "%s/%s-%s.cpio", dir, cmd,
			     ki->name) ||
		      sb_mkdir_p(dir, 0755);
	}
	if (ret) {
		fprintf(stderr, "slicebench kernel %s: cannot use %s\n", cmd,
			o->initrd_out ? o->initrd_out : dir);
		return SB_EXIT_ENV;
	}
	ret = initramfs_build(
		&(struct initramfs_request){
			.kernel = ki,
			.scenario_path = o->scenario,
			.bin_dir = o->bin_dir ? o->bin_dir : bin_dir,
			.init_path = o->init,
			.with_perf = o->with_perf,
			.out_path = initrd,
			.agent_optional = !o->require_agent },
		err, sizeof(err));
	if (ret)
		fprintf(stderr, "slicebench kernel %s: %s\n", cmd, err);
	return ret;
}

static int do_initramfs(const char *name, int argc, char **argv)
{
	struct boot_opts o = { 0 };
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct stat st;
	int ret = parse_boot(argc, argv, &o);

	if (!ret)
		ret = lookup(name, &ki, 0);
	if (!ret)
		ret = make_initramfs("initramfs", &ki, &o, initrd,
				     sizeof(initrd));
	if (ret)
		return ret;
	if (stat(initrd, &st))
		return SB_EXIT_ENV;
	return print_json(json_pack("{s:s, s:I}", "initramfs", initrd, "bytes",
				    (json_int_t)st.st_size));
}

#define MAX_NODES 8

/* "0:512,1-2:256" into @nodes. Returns the node count or -1. */
static int parse_numa(const char *s, struct vm_numa_node *nodes)
{
	int n = 0;

	while (s && *s) {
		const char *colon = strchr(s, ':');
		size_t clen = colon ? (size_t)(colon - s) : 0;
		char *end;
		long mb;

		if (n == MAX_NODES || !clen || clen >= sizeof(nodes[0].cpus) ||
		    strspn(s, "0123456789-") != clen)
			return -1;
		memcpy(nodes[n].cpus, s, clen);
		nodes[n].cpus[clen] = '\0';
		mb = strtol(colon + 1, &end, 10);
		if (end == colon + 1 || mb < 16 || mb > 1048576 ||
		    (*end && *end != ','))
			return -1;
		nodes[n++].memory_mb = (int)mb;
		s = *end ? end + 1 : end;
	}
	return n;
}

static int do_boot(const char *name, int argc, char **argv)
{
	struct boot_opts o = { .cpus = 2,
			       .memory_mb = 1024,
			       .icount_shift = 1,
			       .accel = "auto",
			       .timeout = "120s" };
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct vm_numa_node nodes[MAX_NODES];
	int n_nodes = 0;
	struct vm_result res;
	uint64_t timeout_ns;
	int ret = parse_boot(argc, argv, &o);

	if (ret)
		return ret;
	if (o.numa && (n_nodes = parse_numa(o.numa, nodes)) <= 0) {
		fprintf(stderr,
			"slicebench kernel boot: --numa: \"%s\" is not CPUS:MB[,CPUS:MB...]\n",
			o.numa);
		return SB_EXIT_USAGE;
	}
	if (sb_parse_duration_ns(o.timeout, &timeout_ns) || !timeout_ns) {
		fprintf(stderr,
			"slicebench kernel boot: --timeout: \"%s\" is not a duration\n",
			o.timeout);
		return SB_EXIT_USAGE;
	}
	if (!o.init) {
		fprintf(stderr,
			"slicebench kernel boot: --init FILE is required\n");
		return SB_EXIT_USAGE;
	}
	ret = lookup(name, &ki, 1);
	if (ret)
		return ret;
	if (ki.type == KERNEL_HOST) {
		fprintf(stderr,
			"slicebench kernel boot: kernel %s runs no VM\n", name);
		return SB_EXIT_USAGE;
	}
	ret = make_initramfs("boot", &ki, &o, initrd, sizeof(initrd));
	if (ret)
		return ret;
	ret = vm_run(&(struct vm_request){ .kernel = &ki,
					   .initrd = initrd,
					   .accel = o.accel,
					   .icount_shift = o.icount_shift,
					   .cpus = o.cpus,
					   .memory_mb = o.memory_mb,
					   .numa = nodes,
					   .numa_nodes = n_nodes,
					   .append = o.append,
					   .console_log = o.console,
					   .results_out = o.results_out,
					   .timeout_ns = timeout_ns },
		     &res);
	if (ret) {
		fprintf(stderr, "slicebench kernel boot: %s\n", res.detail);
		return ret;
	}
	print_json(json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:s}", "kernel",
		ki.name, "release", ki.release, "status",
		vm_status_name(res.status), "accel", res.accel, "accel_note",
		res.accel_note, "qemu_version", res.qemu_version, "wall_ms",
		(json_int_t)(res.wall_ns / 1000000), "boot_to_user_ms",
		(json_int_t)(res.boot_to_user_ns / 1000000), "detail",
		res.detail));
	if (res.status != VM_OK)
		fprintf(stderr, "slicebench kernel boot: %s: %s\n",
			vm_status_name(res.status), res.detail);
	return res.status == VM_OK ? SB_EXIT_OK : SB_EXIT_ENV;
}

static int do_show(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	int ret = lookup(name, &ki, 0);

	(void)argc;
	(void)argv;
	return ret ? ret : print_json(info_json(&ki));
}

static int do_fetch(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	int ret = lookup(name, &ki, 1);

	(void)argc;
	(void)argv;
	return ret ? ret : print_json(info_json(&ki));
}

static int do_build(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	int ret = lookup(name, &ki, 0);

	if (!ret && ki.type != KERNEL_SOURCE) {
		fprintf(stderr,
			"slicebench kernel build: %s is a %s kernel; use fetch\n",
			ki.name, kernel_type_name(ki.type));
		return SB_EXIT_USAGE;
	}
	return ret ?: do_fetch(name, argc, argv);
}

/* The subcommands: each gets NAME (NULL for list) and its own argv. */
static const struct kernel_sub {
	const char *name;
	int needs_name; /* `kernel SUB NAME`; else `kernel SUB` alone */
	int takes_options; /* options after NAME */
	int (*run)(const char *name, int argc, char **argv);
} subs[] = {
	{ "list", 0, 0, do_list },	     { "show", 1, 0, do_show },
	{ "fetch", 1, 0, do_fetch },	     { "build", 1, 0, do_build },
	{ "initramfs", 1, 1, do_initramfs }, { "boot", 1, 1, do_boot },
};

static const struct kernel_sub *find_sub(const char *name)
{
	for (size_t i = 0; i < sizeof(subs) / sizeof(subs[0]); i++)
		if (!strcmp(subs[i].name, name))
			return &subs[i];
	return NULL;
}

int cmd_kernel(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "";
	const struct kernel_sub *sub = find_sub(name);

	if (!strcmp(name, "--help") || !strcmp(name, "-h") ||
	    !strcmp(name, "help")) {
		usage(stdout);
		return SB_EXIT_OK;
	}
	if (sub && !sub->needs_name && argc == 2)
		return sub->run(NULL, argc - 1, argv + 1);
	if (argc < 3 || (argc > 3 && !(sub && sub->takes_options))) {
		usage(stderr);
		return SB_EXIT_USAGE;
	}
	if (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
		usage(stdout);
		return SB_EXIT_OK;
	}
	if (!sub || !sub->needs_name) {
		usage(stderr);
		return SB_EXIT_USAGE;
	}
	return sub->run(argv[2], argc - 2, argv + 2);
}
