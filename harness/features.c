// SPDX-License-Identifier: GPL-2.0
/* Scheduler features in /sys/kernel/debug/sched/features: set and verify. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/keeper.h"
#include "harness/features.h"

int features_read(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	if (n < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	close(fd);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		n--;
	buf[n] = '\0';
	return 0;
}

int features_has(const char *line, const char *feature)
{
	size_t n = strlen(feature);

	if (!n) /* strstr finds "" everywhere and the loop would not advance */
		return 0;
	for (const char *p = line; (p = strstr(p, feature)); p += n)
		if ((p == line || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

const char *features_host_path(const char *real)
{
	const char *p = getenv(FEATURES_STAND_IN_ENV);

	return p && *p ? p : real;
}

/* A write to the stand-in file (features.h): the kernel's file's effect. */
static int write_stand_in(const char *path, const char *feature)
{
	const char *name = strncmp(feature, "NO_", 3) ? feature : feature + 3;
	char line[2048], out[2048], no[SC_NAME_LEN + 3];
	size_t len = 0;
	int found = 0, r = features_read(path, line, sizeof(line));

	if (r)
		return r;
	snprintf(no, sizeof(no), "NO_%s", name);
	for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " ")) {
		int hit = !strcmp(tok, name) || !strcmp(tok, no);

		found |= hit;
		len += (size_t)snprintf(out + len, sizeof(out) - len, "%s%s",
					len ? " " : "", hit ? feature : tok);
		if (len >= sizeof(out))
			return -E2BIG;
	}
	if (!found)
		return -EINVAL;
	out[len++] = '\n';
	return sb_write_file_atomic(path, out, len);
}

static int write_one(const char *path, const char *feature)
{
	const char *stand_in = getenv(FEATURES_STAND_IN_ENV);
	int fd;
	ssize_t n;
	int e = 0;

	if (stand_in && *stand_in && !strcmp(path, stand_in))
		return write_stand_in(path, feature);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, feature, strlen(feature));
	if (n != (ssize_t)strlen(feature))
		e = n < 0 ? -errno : -EIO;
	close(fd);
	return e;
}

int features_apply(const char *path, const struct sc_feature_set *fs,
		   char *read_back, size_t len, struct sb_error *e)
{
	int r;

	for (int i = 0; i < fs->n_features; i++) {
		r = write_one(path, fs->features[i]);
		if (r)
			return sb_error_set(e, r, NULL, NULL, NULL,
					    "feature %s: writing %s: %s",
					    fs->features[i], path,
					    strerror(-r));
	}
	r = features_read(path, read_back, len);
	if (r)
		return sb_error_set(e, r, NULL, NULL, NULL,
				    "reading back %s: %s", path, strerror(-r));
	for (int i = 0; i < fs->n_features; i++)
		if (!features_has(read_back, fs->features[i]))
			return sb_error_set(
				e, -EINVAL, NULL, NULL, NULL,
				"feature %s did not take (read back: %s)",
				fs->features[i], read_back);
	return 0;
}

const char features_documented[] =
	"PLACE_LAG PLACE_DEADLINE_INITIAL PLACE_REL_DEADLINE RUN_TO_PARITY "
	"PREEMPT_SHORT NEXT_BUDDY PICK_BUDDY CACHE_HOT_BUDDY DELAY_DEQUEUE "
	"DELAY_ZERO WAKEUP_PREEMPTION HRTICK HRTICK_DL DOUBLE_TICK "
	"NONTASK_CAPACITY TTWU_QUEUE SIS_UTIL WARN_DOUBLE_CLOCK RT_PUSH_IPI "
	"RT_RUNTIME_SHARE LB_MIN ATTACH_AGE_LOAD WA_IDLE WA_WEIGHT WA_BIAS "
	"UTIL_EST LATENCY_WARN NI_RANDOM";

const char *features_before_slices(char *buf, size_t len)
{
	static const char *const of_slices[] = { "PREEMPT_SHORT",
						 "DELAY_DEQUEUE", "DELAY_ZERO",
						 "PLACE_REL_DEADLINE" };
	char all[sizeof(features_documented)], *save = NULL;
	size_t used = 0;

	snprintf(all, sizeof(all), "%s", features_documented);
	*buf = '\0';
	for (char *tok = strtok_r(all, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save)) {
		int keep = 1;

		for (size_t i = 0; i < sizeof(of_slices) / sizeof(*of_slices);
		     i++)
			keep &= !!strcmp(tok, of_slices[i]);
		if (keep && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", tok);
	}
	return buf;
}

int features_unknown(const struct sc_feature_set *fs, const char *known)
{
	char no[SC_NAME_LEN + 3];

	for (int j = 0; j < fs->n_features; j++) {
		const char *f = fs->features[j];
		const char *name = strncmp(f, "NO_", 3) ? f : f + 3;

		snprintf(no, sizeof(no), "NO_%s", name);
		if (!features_has(known, name) && !features_has(known, no))
			return j;
	}
	return -1;
}

int features_writable(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

/* The lockdown mode in force ("integrity", "confidentiality"), or "". */
static void lockdown_mode(char *mode, size_t len)
{
	char line[128];
	const char *open_b, *close_b;

	*mode = '\0';
	if (features_read("/sys/kernel/security/lockdown", line, sizeof(line)))
		return;
	open_b = strchr(line, '[');
	close_b = open_b ? strchr(open_b, ']') : NULL;
	if (close_b && strncmp(open_b + 1, "none]", 5))
		snprintf(mode, len, "%.*s", (int)(close_b - open_b - 1),
			 open_b + 1);
}

int features_unsettable(const char *path, char *why, size_t len)
{
	const char *stand_in = getenv(FEATURES_STAND_IN_ENV);
	int real = !(stand_in && *stand_in && !strcmp(path, stand_in));
	char mode[32];
	int fd = open(path, O_WRONLY | O_CLOEXEC), e = errno;

	if (fd >= 0) {
		close(fd);
		return 0;
	}
	lockdown_mode(mode, sizeof(mode));
	if (real && geteuid())
		snprintf(why, len, "not root");
	else if (real && *mode)
		snprintf(why, len,
			 "the kernel is locked down (%s, from "
			 "/sys/kernel/security/lockdown)",
			 mode);
	else if (real && e == ENOENT && access("/sys/kernel/debug/sched", F_OK))
		snprintf(why, len,
			 "debugfs is not mounted at /sys/kernel/debug");
	else if (e == ENOENT)
		snprintf(why, len, "the file is missing");
	else
		snprintf(why, len, "%s", strerror(e));
	return 1;
}

int features_restore(const char *path, const char *line)
{
	char name[SC_NAME_LEN];
	int r = 0;

	for (const char *p = line; *p;) {
		size_t n = strcspn(p, " ");

		if (n && n < sizeof(name)) {
			memcpy(name, p, n);
			name[n] = '\0';
			int e = write_one(path, name);

			if (e)
				r = e;
		}
		p += n;
		p += strspn(p, " ");
	}
	return r;
}

int features_guard_start(const char *path, const char *orig, int *fd)
{
	pid_t pid = sb_fork_piped(fd, 1);

	if (pid == 0) {
		char c = 0;
		ssize_t n;

		signal(SIGINT, SIG_IGN);
		signal(SIGTERM, SIG_IGN);
		do /* EOF without the byte: the parent died, them changed */
			n = read(*fd, &c, 1);
		while (n < 0 && errno == EINTR);
		_exit(n == 1 && c == 'k' ? 0 : !!features_restore(path, orig));
	}
	return pid;
}

void features_guard_end(int pid, int fd)
{
	int status;

	if (pid <= 0)
		return;
	/* should the byte not go, the guard restores once more: harmless */
	while (write(fd, "k", 1) < 0 && errno == EINTR)
		;
	close(fd);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
}
