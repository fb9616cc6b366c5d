// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel: list, show, fetch, build, add and test-boot kernels. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/rootdir.h"
#include "common/atomicio.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/outcheck.h"
#include "common/fmt.h"
#include "common/outfile.h"
#include "harness/boot/kernel.h"
#include "harness/boot/initramfs.h"
#include "harness/boot/kernel_add.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/vm.h"
#include "harness/boot/vm_accel.h"
#include "harness/cmds.h"

/* `kernel add`'s options: the descriptor's sources, and --help. */
struct add_opts {
	struct kernel_add a;
	int help;
};

struct boot_opts {
	const char *init, *scenario, *results_out, *console, *initrd_out;
	const char *accel, *append, *bin_dir, *numa;
	uint64_t timeout_ns;
	int64_t cpus, memory_mb, icount_shift;
	int with_perf, require_agent, help;
};

static const struct boot_opts boot_defaults = { .cpus = 2,
						.memory_mb = 1024,
						.icount_shift = 1,
						.accel = "auto",
						.timeout_ns = 120000000000ULL };

/* The options of `kernel boot` and `kernel initramfs`. */
static const struct sb_field boot_rows[] = {
	{ .key = "init",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, init),
	  .metavar = "FILE",
	  .doc = "guest /init (required): a busybox sh script or "
		 "program" },
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, scenario),
	  .metavar = "FILE",
	  .doc = "put FILE at /etc/slicebench/scenario.json" },
	{ .key = "timeout",
	  .type = SB_F_DURATION,
	  .offset = offsetof(struct boot_opts, timeout_ns),
	  .metavar = "DUR",
	  .doc = "hard limit for boot-run-poweroff",
	  .min = 1,
	  .max = VM_TIMEOUT_MAX_NS },
	{ .key = "results-out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, results_out),
	  .metavar = "FILE",
	  .doc = "host file receiving the 'results' port (- for standard "
		 "output, then the outcome on stderr)" },
	{ .key = "console",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, console),
	  .metavar = "FILE",
	  .doc = "serial console log (default: a temp file; -: "
		 "standard output)" },
	{ .key = "initrd-out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, initrd_out),
	  .metavar = "FILE",
	  .doc = "where to write the initramfs (default: in the cache; "
		 "-: standard output)" },
	VM_ACCEL_ROW(struct boot_opts, accel,
		     "how QEMU runs the guest: " VM_ACCELS " (default auto)"),
	{ .key = "icount-shift",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, icount_shift),
	  .metavar = "N",
	  .doc = "icount shift",
	  .max = VM_ICOUNT_SHIFT_MAX },
	{ .key = "cpus",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, cpus),
	  .metavar = "N",
	  .doc = "guest CPUs",
	  .min = 1,
	  .max = VM_CPUS_MAX },
	{ .key = "memory",
	  .type = SB_F_INT64,
	  .offset = offsetof(struct boot_opts, memory_mb),
	  .metavar = "MB",
	  .doc = "guest memory in MB",
	  .min = VM_MEMORY_MB_MIN,
	  .max = VM_MEMORY_MB_MAX },
	{ .key = "append",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, append),
	  .metavar = "ARGS",
	  .doc = "extra kernel command line" },
	{ .key = "numa",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, numa),
	  .metavar = "C:MB,...",
	  .doc = "NUMA nodes, e.g. 0:512,1:512 (CPUs as 0 or 0-1)" },
	{ .key = "bin-dir",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct boot_opts, bin_dir),
	  .metavar = "DIR",
	  .doc = "static slicebench binaries (default build/bin)" },
	{ .key = "with-perf",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct boot_opts, with_perf),
	  .doc = "add perf and its libraries" },
	{ .key = "require-agent",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct boot_opts, require_agent),
	  .doc = "fail when BIN_DIR/sbguest is missing (the real guest)" },
	SB_F_HELP_ROW(struct boot_opts, help),
	{ 0 },
};

static const char usage_text[] =
	"usage: slicebench kernel list\n"
	"       slicebench kernel show NAME\n"
	"       slicebench kernel fetch NAME\n"
	"       slicebench kernel build NAME\n"
	"       slicebench kernel add NAME --bzimage FILE | --tree DIR "
	"[--series F]\n"
	"                             [--config F] [--fragment F] "
	"[--description TEXT]\n"
	"       slicebench kernel initramfs NAME --init FILE [options]\n"
	"       slicebench kernel boot NAME --init FILE [options]\n\n"
	"NAME is a descriptor in kernels/<name>/kernel.json (NAME@VERSION:\n"
	"a Debian-type one pinned to a point release, e.g. debian@6.12.107;\n"
	"list shows the versions apt offers), 'host', or [NAME=]PATH of a\n"
	"bzImage (booted as is). add writes kernels/NAME/kernel.json for a\n"
	"bzImage or a source tree of one's own (a tree without --config or\n"
	"--fragment gets kernels/common/config.fragment); it never replaces\n"
	"one (exit 2). fetch makes the image available\n"
	"(Debian package download, or a source build); build does the\n"
	"source build of a type \"source\" kernel. boot builds an initramfs\n"
	"around --init, boots it under QEMU and prints the outcome as JSON\n"
	"(exit 0 when the guest printed 'SLICEBENCH: done status=ok';\n"
	"4 on a panic, timeout or guest failure; 2 for an output that cannot\n"
	"be written, named twice or one of the inputs, before any build or\n"
	"boot). initramfs only writes the\n"
	"archive (--init, --scenario, --initrd-out, --bin-dir, --with-perf,\n"
	"--require-agent) and prints its path. Source builds honour KSRC=DIR\n"
	"(every source kernel) or KSRC=NAME=DIR[,NAME=DIR] (those named),\n"
	"over the descriptors' tree.";

/* The end of --help: where kernels are cached and described. */
static void where_help(FILE *f)
{
	fprintf(f,
		"\ncache: %s (SLICEBENCH_CACHE); descriptors: %s "
		"(SLICEBENCH_KERNELS)\n",
		kernel_cache_dir(), kernel_dir());
}

/* The command line of `kernel boot|initramfs NAME [options]` into @o. */
#define BOOT_CLI(o)                                                            \
	{                                                                      \
		.usage = usage_text, .help_tail = where_help,                  \
		.tables = { { boot_rows, (o) } }, .prog = "slicebench kernel", \
		.on_error = SB_CLI_ERR_HELP                                    \
	}

static void usage(FILE *f)
{
	struct boot_opts o = boot_defaults;
	const struct sb_cli cli = BOOT_CLI(&o);

	sb_cli_help(&cli, f);
}

/* The options after NAME into @o. SB_CLI_CONTINUE or an exit code. */
static int parse_boot(int argc, char **argv, struct boot_opts *o)
{
	const struct sb_cli cli = BOOT_CLI(o);

	return sb_cli_parse_command(&cli, argc, argv);
}

static json_t *info_json(const struct kernel_info *ki)
{
	return json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:s, s:s, s:s, s:s, s:s}",
		"name", ki->name, "type", kernel_type_name(ki), "description",
		ki->description, "image", ki->image, "release", ki->release,
		"config_path", ki->config_path, "config_sha256",
		ki->config_sha256, "modules_dir", ki->modules_dir, "source",
		ki->source, "machine", ki->machine, "custom_slices",
		ki->custom_slices, "package", ki->package, "tree", ki->tree,
		"config", ki->config, "fragment", ki->fragment, "series",
		ki->series, "build_log", ki->build_log);
}

static int print_json_to(FILE *f, json_t *j)
{
	if (!j || json_dumpf(j, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
		return SB_EXIT_UNMEASURED;
	fputc('\n', f);
	json_decref(j);
	return SB_EXIT_OK;
}

static int print_json(json_t *j)
{
	return print_json_to(stdout, j);
}

/* The outputs of `boot` and `initramfs` a program writes by path. */
struct staged {
	char results[PATH_MAX], console[PATH_MAX], initrd[PATH_MAX];
};

/*
 * The outputs checked before any build or boot: at most one on standard
 * output (it has it alone), none named twice, none --init, --scenario or
 * kernel @name's image, each writable. 0 or exit 2, said.
 */
static int outputs_ok(const char *cmd, const char *name,
		      const struct boot_opts *o)
{
	const struct sb_path_use outs[] = { { "--results-out", o->results_out },
					    { "--console", o->console },
					    { "--initrd-out", o->initrd_out } },
				 ins[] = { { "--init", o->init },
					   { "--scenario", o->scenario },
					   { "KERNEL", name } };
	struct sb_error e;
	char prog[64];
	int r = sb_out_check_all(outs, 3, ins, 3, &e);

	snprintf(prog, sizeof(prog), "slicebench kernel %s", cmd);
	return r ? sb_error_report(prog, r, &e) : 0;
}

/*
 * Each of @o's outputs named "-" (outputs_ok(): at most one) into a
 * temp file of @st. Returns 0 or an exit code, said.
 */
static int stage_outputs(const char *cmd, struct boot_opts *o,
			 struct staged *st)
{
	int r;

	memset(st, 0, sizeof(*st));
	r = sb_out_stage(&o->results_out, st->results, sizeof(st->results));
	if (r >= 0)
		r = sb_out_stage(&o->console, st->console, sizeof(st->console));
	if (r >= 0)
		r = sb_out_stage(&o->initrd_out, st->initrd,
				 sizeof(st->initrd));
	if (r < 0) {
		fprintf(stderr, "slicebench kernel %s: a temp file: %s\n", cmd,
			strerror(-r));
		return SB_EXIT_UNMEASURED;
	}
	return 0;
}

/* The staged output (if any) to standard output; @code unless that fails. */
static int unstage_outputs(const char *cmd, const struct staged *st, int code)
{
	const char *const all[] = { st->results, st->console, st->initrd };
	int r = 0;

	for (int i = 0; i < 3; i++) {
		int u = sb_out_unstage(all[i]);

		if (u && !r)
			r = u;
	}
	if (!r)
		return code;
	fprintf(stderr, "slicebench kernel %s: standard output: %s\n", cmd,
		strerror(-r));
	return SB_EXIT_UNMEASURED;
}

static int lookup(const char *name, struct kernel_info *ki, int prepare)
{
	struct sb_error e;
	int ret = kernel_lookup(name, ki, &e);

	if (!ret && prepare)
		ret = kernel_prepare(ki, &e);
	return ret ? sb_error_report("slicebench kernel", ret, &e) : 0;
}

static int do_list(const char *name, int argc, char **argv)
{
	struct kernel_info ki;
	char *names, *p, versions[1024];
	struct sb_error e;
	size_t n;
	int ret = kernel_list(&names, &n);

	(void)name;
	(void)argc;
	(void)argv;
	if (ret) {
		fprintf(stderr, "slicebench kernel: %s: %s\n", kernel_dir(),
			strerror(-ret));
		return SB_EXIT_UNMEASURED;
	}
	p = names;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1) {
		if (kernel_lookup(p, &ki, &e)) {
			printf("%-14s (bad descriptor: %s)\n", p, e.msg);
			continue;
		}
		printf("%-14s %-7s %-28s %s\n", p, kernel_type_name(&ki),
		       ki.release[0] ? ki.release : ki.backend->not_ready,
		       ki.description);
		if (ki.backend->versions &&
		    !ki.backend->versions(&ki, versions, sizeof(versions)))
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
	char bin_dir[PATH_MAX], who[64], dir[PATH_MAX];
	struct sb_error e;
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
		return SB_EXIT_UNMEASURED;
	}
	ret = initramfs_build(
		&(struct initramfs_request){
			.kernel = ki,
			.scenario_path = o->scenario,
			.bin_dir = o->bin_dir ? o->bin_dir : bin_dir,
			.init_path = o->init,
			.with_perf = o->with_perf,
			.out_path = initrd,
			.agent_optional = !o->require_agent,
			.all_tools = 1 },
		&e);
	if (ret) {
		snprintf(who, sizeof(who), "slicebench kernel %s", cmd);
		return sb_error_report(who, ret, &e);
	}
	return 0;
}

static int do_initramfs(const char *name, int argc, char **argv)
{
	struct boot_opts o = boot_defaults;
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct staged sg;
	struct stat st;
	int ret = parse_boot(argc, argv, &o);

	if (ret != SB_CLI_CONTINUE)
		return ret;
	ret = outputs_ok("initramfs", name, &o) ?:
		      lookup(name, &ki, 0)	?:
		      stage_outputs("initramfs", &o, &sg);
	if (ret)
		return ret;
	ret = make_initramfs("initramfs", &ki, &o, initrd, sizeof(initrd));
	if (!ret && stat(initrd, &st))
		ret = SB_EXIT_UNMEASURED;
	if (!ret) /* with the archive on standard output, this on stderr */
		ret = print_json_to(*sg.initrd ? stderr : stdout,
				    json_pack("{s:s, s:I}", "initramfs",
					      *sg.initrd ? "-" : initrd,
					      "bytes", (json_int_t)st.st_size));
	return unstage_outputs("initramfs", &sg, ret);
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

		if (n == MAX_NODES || !clen || clen >= sizeof(nodes[0].cpus))
			return -1;
		memcpy(nodes[n].cpus, s, clen);
		nodes[n].cpus[clen] = '\0';
		if (!vm_numa_cpus_valid(nodes[n].cpus))
			return -1;
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
	struct boot_opts o = boot_defaults;
	char initrd[PATH_MAX];
	struct kernel_info ki;
	struct vm_numa_node nodes[MAX_NODES];
	int n_nodes = 0;
	struct vm_result res;
	struct staged sg;
	FILE *say;
	int ret = parse_boot(argc, argv, &o);

	if (ret != SB_CLI_CONTINUE)
		return ret;
	if ((ret = outputs_ok("boot", name, &o)))
		return ret;
	if (o.numa && (n_nodes = parse_numa(o.numa, nodes)) <= 0) {
		fprintf(stderr,
			"slicebench kernel boot: --numa: \"%s\" is not CPUS:MB[,CPUS:MB...]\n",
			o.numa);
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
	if (kernel_run_of(&ki) == RUN_ON_HOST) {
		fprintf(stderr,
			"slicebench kernel boot: kernel %s runs no VM\n", name);
		return SB_EXIT_USAGE;
	}
	if ((ret = stage_outputs("boot", &o, &sg)))
		return ret;
	/* with an output on standard output, the outcome goes to stderr */
	say = *sg.results || *sg.console || *sg.initrd ? stderr : stdout;
	ret = make_initramfs("boot", &ki, &o, initrd, sizeof(initrd));
	if (ret)
		return unstage_outputs("boot", &sg, ret);
	ret = vm_run(&(struct vm_request){ .kernel = &ki,
					   .initrd = initrd,
					   .accel = o.accel,
					   .icount_shift = (int)o.icount_shift,
					   .cpus = (int)o.cpus,
					   .memory_mb = (int)o.memory_mb,
					   .numa = nodes,
					   .numa_nodes = n_nodes,
					   .append = o.append,
					   .console_log = o.console,
					   .results_out = o.results_out,
					   .timeout_ns = o.timeout_ns },
		     &res);
	if (ret) {
		fprintf(stderr, "slicebench kernel boot: %s\n", res.detail);
		return unstage_outputs("boot", &sg, sb_exit_code(ret));
	}
	print_json_to(say,
		      json_pack("{s:s, s:s, s:s, s:s, s:s, s:s, s:I, s:I, s:s}",
				"kernel", ki.name, "release", ki.release,
				"status", vm_status_name(res.status), "accel",
				res.accel, "accel_note", res.accel_note,
				"qemu_version", res.qemu_version, "wall_ms",
				(json_int_t)(res.wall_ns / 1000000),
				"boot_to_user_ms",
				(json_int_t)(res.boot_to_user_ns / 1000000),
				"detail", res.detail));
	if (res.status != VM_OK)
		fprintf(stderr, "slicebench kernel boot: %s: %s\n",
			vm_status_name(res.status), res.detail);
	return unstage_outputs("boot", &sg,
			       res.status == VM_OK ? SB_EXIT_OK :
						     SB_EXIT_UNMEASURED);
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

	if (!ret && !ki.backend->builds) {
		fprintf(stderr,
			"slicebench kernel build: %s is a %s kernel; use fetch\n",
			ki.name, kernel_type_name(&ki));
		return SB_EXIT_USAGE;
	}
	return ret ?: do_fetch(name, argc, argv);
}

static const struct sb_field add_rows[] = {
	{ .key = "bzimage",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.bzimage),
	  .metavar = "FILE",
	  .doc = "a bzImage of your own, booted as is (type path)" },
	{ .key = "tree",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.tree),
	  .metavar = "DIR",
	  .doc = "a kernel tree or tarball to build (type source)" },
	{ .key = "series",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.series),
	  .metavar = "F",
	  .doc = "patch queue: one *.patch per line" },
	{ .key = "config",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.config),
	  .metavar = "F",
	  .doc = "a full .config instead of tinyconfig + fragment" },
	{ .key = "fragment",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.fragment),
	  .metavar = "F",
	  .doc = "config fragment merged into tinyconfig (default: "
		 "kernels/common/config.fragment)" },
	{ .key = "description",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct add_opts, a.description),
	  .metavar = "TEXT",
	  .doc = "one line for kernel list" },
	SB_F_HELP_ROW(struct add_opts, help),
	{ 0 },
};

static int do_add(const char *name, int argc, char **argv)
{
	struct add_opts o = { 0 };
	char path[PATH_MAX + 16];
	struct sb_error e;
	int ret;
	struct sb_cli cli = { .usage = usage_text,
			      .help_tail = where_help,
			      .tables = { { add_rows, &o } },
			      .prog = "slicebench kernel add",
			      .on_error = SB_CLI_ERR_USAGE };

	ret = sb_cli_parse_command(&cli, argc, argv);
	if (ret != SB_CLI_CONTINUE)
		return ret;
	ret = kernel_add(name, &o.a, path, sizeof(path), &e);
	if (ret == -EEXIST) /* the user's own file: theirs to remove */
		return sb_error_report("slicebench kernel add", ret, &e),
		       SB_EXIT_USAGE;
	if (ret)
		return sb_error_report("slicebench kernel add", ret, &e);
	printf("%s\n", path);
	return SB_EXIT_OK;
}

/* The subcommands: each gets NAME (NULL for list) and its own argv. */
static const struct kernel_sub {
	const char *name;
	int needs_name; /* `kernel SUB NAME`; else `kernel SUB` alone */
	int takes_options; /* options after NAME */
	int (*run)(const char *name, int argc, char **argv);
} subs[] = {
	{ "list", 0, 0, do_list },
	{ "show", 1, 0, do_show },
	{ "fetch", 1, 0, do_fetch },
	{ "build", 1, 0, do_build },
	{ "initramfs", 1, 1, do_initramfs },
	{ "boot", 1, 1, do_boot },
	{ "add", 1, 1, do_add },
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
		if (sub && sub->takes_options) /* its own options' help */
			return sub->run(NULL, argc - 1, argv + 1);
		usage(stdout);
		return SB_EXIT_OK;
	}
	if (!sub || !sub->needs_name) {
		usage(stderr);
		return SB_EXIT_USAGE;
	}
	return sub->run(argv[2], argc - 2, argv + 2);
}
