/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The versioned JSON envelope around every slicebench output document:
 * {"schema", "tool", "version", "command_line", "uname", "start_time",
 *  "end_time", "status", ... tool section ...}. See docs/formats.md.
 */
#ifndef SB_ENVELOPE_H
#define SB_ENVELOPE_H

#include <jansson.h>

#define SB_SCHEMA 1

#ifndef SB_VERSION
#define SB_VERSION "unknown"
#endif

/* New envelope with schema, tool, version, command_line, uname, start_time. */
json_t *sb_envelope_new(const char *tool, int argc, char *const argv[]);
/* Set end_time and status ("ok", "interrupted", "error"). */
void sb_envelope_finish(json_t *env, const char *status);
/* Current wall-clock time as ISO 8601 UTC with milliseconds into @buf. */
const char *sb_iso_time_now(char *buf, size_t len);

#endif
