// SPDX-License-Identifier: GPL-2.0
/* The versioned JSON envelope shared by every output document. */
#include <stdio.h>
#include <sys/utsname.h>
#include <time.h>

#include "common/envelope.h"

const char *sb_iso_time_now(char *buf, size_t len)
{
	struct timespec ts;
	struct tm tm;
	char base[32];

	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(base, sizeof(base), "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(buf, len, "%s.%03ldZ", base, ts.tv_nsec / 1000000);
	return buf;
}

json_t *sb_envelope_new(const char *tool, int argc, char *const argv[])
{
	json_t *env = json_object();
	json_t *cmd = json_array();
	struct utsname u;
	char now[40];

	for (int i = 0; i < argc; i++) {
		json_t *arg = json_string(argv[i]);

		json_array_append_new(cmd,
				      arg ? arg : json_string("<not utf-8>"));
	}
	json_object_set_new(env, "schema", json_integer(SB_SCHEMA));
	json_object_set_new(env, "tool", json_string(tool));
	json_object_set_new(env, "version", json_string(SB_VERSION));
	json_object_set_new(env, "command_line", cmd);
	if (!uname(&u))
		json_object_set_new(env, "uname",
				    json_pack("{s:s, s:s, s:s, s:s}", "sysname",
					      u.sysname, "release", u.release,
					      "version", u.version, "machine",
					      u.machine));
	json_object_set_new(env, "start_time",
			    json_string(sb_iso_time_now(now, sizeof(now))));
	return env;
}

void sb_envelope_finish(json_t *env, const char *status)
{
	char now[40];

	json_object_set_new(env, "end_time",
			    json_string(sb_iso_time_now(now, sizeof(now))));
	json_object_set_new(env, "status", json_string(status));
}
