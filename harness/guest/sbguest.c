// SPDX-License-Identifier: GPL-2.0
/*
 * sbguest: the guest agent. Reads sb.featureset=, sb.seed= and
 * sb.untraced=1 (a control run: nothing records) from the kernel command
 * line and the scenario from the initramfs, runs it once
 * into /out, streams /out as a tar to the virtio port named "results",
 * reports on the console and powers off. With sb.snapshot=1 on the command
 * line it says "ready" and waits for those values in fw_cfg file
 * opt/sb/params instead (the host snapshots the guest while it waits and
 * restores it per run), with sb.time= (the host's wall clock, ns; none
 * under virtual time) to set the clock; the values reseed the kernel's
 * random generator. Tracing is set up before "ready" (on at the run's
 * start); with sb.virtual=1 too (virtual time) the preflight and
 * calibration are taken then, once for every restored run.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/random.h>
#include <sys/ioctl.h>
#include <sys/reboot.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include <jansson.h>

#include "common/atomicio.h"
#include "common/envelope.h"
#include "common/exitcodes.h"
#include "common/opts.h"
#include "common/spawn.h"
#include "harness/agent.h"
#include "harness/features.h"
#include "harness/guest/fwcfg.h"
#include "harness/recorder.h"
#include "harness/scenario.h"

#define PORT_WAIT_TICKS 30 /* 3 s */
#define PARAMS_FILE "opt/sb/params"
#define PARAMS_LEN 1024

struct guest_opts {
	const char *scenario;
	const char *out;
	const char *cmdline;
	const char *port_name;
	int no_poweroff;
	int help;
};

static void console(const char *msg)
{
	printf("SLICEBENCH: %s\n", msg);
	fflush(stdout);
}

/* The value of @key= on the command line into @buf; "" when absent. */
static void cmdline_get(const char *line, const char *key, char *buf,
			size_t len)
{
	size_t k = strlen(key);

	*buf = '\0';
	for (const char *p = line; (p = strstr(p, key)); p += k) {
		if ((p == line || p[-1] == ' ') && p[k] == '=') {
			size_t n = strcspn(p + k + 1, " \n");

			snprintf(buf, len, "%.*s", (int)n, p + k + 1);
			return;
		}
	}
}

/* /dev/<port> of the virtio port whose sysfs name is @name. */
static int find_port(const char *name, char *dev, size_t len)
{
	DIR *d = opendir("/sys/class/virtio-ports");
	struct dirent *de;
	char path[512], buf[128];
	int r = -ENOENT;

	if (!d)
		return -errno;
	while (r && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/sys/class/virtio-ports/%s/name",
			 de->d_name);
		if (!features_read(path, buf, sizeof(buf)) &&
		    !strcmp(buf, name)) {
			snprintf(dev, len, "/dev/%s", de->d_name);
			r = 0;
		}
	}
	closedir(d);
	return r;
}

static int send_results(const struct guest_opts *g, char *err, size_t errlen)
{
	struct timespec tick = { 0, 100000000L };
	char dev[300];
	int r = find_port(g->port_name, dev, sizeof(dev));

	/* a port from a module just loaded by /init may still be probing */
	for (int i = 0; r && i < PORT_WAIT_TICKS; i++) {
		nanosleep(&tick, NULL);
		r = find_port(g->port_name, dev, sizeof(dev));
	}
	if (r) {
		snprintf(err, errlen, "no virtio port named \"%s\": %s",
			 g->port_name, strerror(-r));
		return r;
	}
	sync();
	r = sb_run(
		&(struct sb_spawn){
			.argv = (const char *const[]){ "tar", "-c", "-f", dev,
						       "-C", g->out, ".",
						       NULL } },
		300LL * 1000000000LL);
	if (r)
		snprintf(err, errlen, "tar to %s failed (%d)", dev, r);
	return r;
}

/* agent.json for a run that could not start at all. */
static void write_failure(const struct guest_opts *g, const char *reason)
{
	char path[4200];
	json_t *doc = json_pack("{s:i,s:s,s:s,s:s}", "schema", SB_SCHEMA,
				"tool", "sbguest", "status", "failed",
				"failure", reason);

	snprintf(path, sizeof(path), "%s/agent.json", g->out);
	sb_json_dump_atomic(path, doc);
	json_decref(doc);
}

/*
 * Restored from a snapshot: the run's values from fw_cfg, written into the
 * kernel's random pool (then a reseed, so restored runs draw apart), the
 * wall clock from sb.time=. Waits until the host gives them.
 */
static int await_params(char **line, char *why, size_t whylen)
{
	struct timespec tick = { 0, 20000000L };
	char *params = malloc(PARAMS_LEN), now[24], *end;
	int fd, r;

	if (!params)
		return snprintf(why, whylen, "out of memory"), -ENOMEM;
	/* Before "ready": a guest that cannot read fw_cfg is not saved, its
	 * runs boot (vm_snapshot.c keeps the reason) */
	r = fwcfg_read(PARAMS_FILE, params, PARAMS_LEN);
	if (r != -ENOENT) {
		free(params);
		return snprintf(why, whylen,
				"no snapshot: fw_cfg %s before ready: %s%s",
				PARAMS_FILE, r ? strerror(-r) : "already given",
				r == -ENOSYS ? " (the kernel lacks "
					       "CONFIG_X86_IOPL_IOPERM)" :
					       ""),
		       r ? r : -EEXIST;
	}
	console("ready");
	while ((r = fwcfg_read(PARAMS_FILE, params, PARAMS_LEN)) == -ENOENT)
		nanosleep(&tick, NULL);
	free(*line);
	*line = params;
	if (r)
		return snprintf(why, whylen, "fw_cfg %s: %s", PARAMS_FILE,
				strerror(-r)),
		       r;
	console("restored");
	fd = open("/dev/urandom", O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, params, strlen(params)) < 0 ||
	    ioctl(fd, RNDRESEEDCRNG) < 0) {
		r = -errno;
		if (fd >= 0)
			close(fd);
		return snprintf(why, whylen, "reseeding /dev/urandom: %s",
				strerror(-r)),
		       r;
	}
	close(fd);
	cmdline_get(params, "sb.time", now, sizeof(now));
	if (*now) {
		long long ns = strtoll(now, &end, 10);
		struct timespec ts = { ns / 1000000000LL, ns % 1000000000LL };

		if (*end || ns <= 0 || clock_settime(CLOCK_REALTIME, &ts))
			return snprintf(why, whylen, "sb.time=\"%s\": %s", now,
					*end || ns <= 0 ? "not a time" :
							  strerror(errno)),
			       -EINVAL;
	}
	return 0;
}

static int run(const struct guest_opts *g, char *why, size_t whylen)
{
	char *line = NULL, set[SC_NAME_LEN + 1], seed[24], untraced[4], snap[4];
	char virt[4], err[1024], *end;
	struct agent_prep prep;
	struct scenario *sc = malloc(sizeof(*sc));
	struct agent_opts o = { .set_features = 1,
				.recorder = AGENT_TRACEFS,
				.out_dir = g->out,
				.features_path = AGENT_FEATURES_PATH,
				.log = console };
	const struct sc_feature_set *fs;
	struct sb_error e;
	size_t len;
	int r;

	if (!sc)
		return snprintf(why, whylen, "out of memory"),
		       SB_EXIT_UNMEASURED;
	if ((r = sb_read_file(g->cmdline, &line, &len))) {
		snprintf(why, whylen, "%s: %s", g->cmdline, strerror(-r));
		free(sc);
		return SB_EXIT_UNMEASURED;
	}
	if ((r = scenario_load(g->scenario, sc, console, &e))) {
		snprintf(why, whylen, "%s", e.msg);
		free(line);
		free(sc);
		return sb_exit_code(r);
	}
	cmdline_get(line, "sb.snapshot", snap, sizeof(snap));
	cmdline_get(line, "sb.virtual", virt, sizeof(virt));
	if (!strcmp(snap, "1") && !strcmp(virt, "1")) {
		agent_prepare(sc, "snapshot", &prep);
		o.prep = &prep;
	}
	/* not armed: the run sets tracing up itself and says what failed */
	if (!strcmp(snap, "1"))
		o.armed = !recorder_arm(o.recorder, sc->trace_buffer_kb, &e);
	if (!strcmp(snap, "1") && await_params(&line, why, whylen)) {
		free(line);
		scenario_free(sc);
		free(sc);
		return SB_EXIT_UNMEASURED;
	}
	cmdline_get(line, "sb.featureset", set, sizeof(set));
	cmdline_get(line, "sb.seed", seed, sizeof(seed));
	cmdline_get(line, "sb.untraced", untraced, sizeof(untraced));
	o.untraced = !strcmp(untraced, "1");
	free(line);
	fs = scenario_set(sc, set);
	errno = 0;
	o.seed = *seed ? strtoull(seed, &end, 10) : scenario_seed(sc, 1);
	if (*seed && (errno || *end || *seed == '-')) {
		snprintf(why, whylen, "sb.seed=\"%s\" is not a number", seed);
		r = SB_EXIT_USAGE;
	} else if (!fs) {
		snprintf(why, whylen,
			 "sb.featureset=\"%s\" is not a feature set of %s", set,
			 g->scenario);
		r = SB_EXIT_USAGE;
	} else {
		o.sc = sc;
		o.fs = fs;
		snprintf(err, sizeof(err), "feature set %s, seed %" PRIu64,
			 fs->name, o.seed);
		console(err);
		r = agent_run(&o, &e);
		if (r)
			snprintf(why, whylen, "%s", e.msg);
		r = sb_exit_code(r);
	}
	scenario_free(sc);
	free(sc);
	return r;
}

static const struct sb_field guest_rows[] = {
	{ .key = "scenario",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct guest_opts, scenario),
	  .metavar = "FILE",
	  .doc = "scenario file" },
	{ .key = "out",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct guest_opts, out),
	  .metavar = "DIR",
	  .doc = "results directory" },
	{ .key = "cmdline",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct guest_opts, cmdline),
	  .metavar = "FILE",
	  .doc = "kernel command line to read" },
	{ .key = "port",
	  .type = SB_F_ARG,
	  .offset = offsetof(struct guest_opts, port_name),
	  .metavar = "NAME",
	  .doc = "virtio port name for the results" },
	{ .key = "no-poweroff",
	  .type = SB_F_FLAG,
	  .offset = offsetof(struct guest_opts, no_poweroff),
	  .doc = "exit instead of powering off" },
	SB_F_HELP_ROW(struct guest_opts, help),
	{ 0 },
};

/* The options into @g; --help printed here. SB_CLI_CONTINUE or an exit code. */
static int parse_args(int argc, char **argv, struct guest_opts *g)
{
	const struct sb_cli cli = {
		.usage =
			"usage: sbguest [options]\n"
			"The slicebench guest agent (started by /init): runs "
			"the feature set\nsb.featureset= of the kernel command "
			"line once and sends the results out.",
		.tables = { { guest_rows, g } },
		.prog = "sbguest",
		.on_error = SB_CLI_ERR_HELP,
	};

	return sb_cli_parse_command(&cli, argc, argv);
}

int main(int argc, char **argv)
{
	struct guest_opts g = { .scenario = "/etc/slicebench/scenario.json",
				.out = "/out",
				.cmdline = "/proc/cmdline",
				.port_name = "results" };
	char why[1024] = "", err[512];
	int r = parse_args(argc, argv, &g);

	if (r != SB_CLI_CONTINUE)
		return r;
	if ((r = sb_mkdir_p(g.out, 0755))) {
		snprintf(why, sizeof(why), "mkdir %s: %s", g.out, strerror(-r));
		r = SB_EXIT_UNMEASURED;
	} else {
		r = run(&g, why, sizeof(why));
	}
	if (r) {
		snprintf(err, sizeof(err), "error %s", why);
		console(err);
		snprintf(err, sizeof(err), "%s/agent.json", g.out);
		if (access(err, F_OK))
			write_failure(&g, why);
	}
	if (send_results(&g, err, sizeof(err))) {
		char line[600];

		snprintf(line, sizeof(line), "error %s", err);
		console(line);
		if (!r)
			snprintf(why, sizeof(why), "%s", err);
		r = r ?: SB_EXIT_UNMEASURED;
	}
	printf("SLICEBENCH: done status=%s%s%s\n", r ? "failed" : "ok",
	       r ? " " : "", r ? why : "");
	fflush(stdout);
	tcdrain(STDOUT_FILENO); /* the last console line must reach the host */
	sync();
	if (!g.no_poweroff)
		reboot(RB_POWER_OFF);
	return r;
}
