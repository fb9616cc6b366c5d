/* SPDX-License-Identifier: GPL-2.0 */
/* The envelope of slicebench's output documents read back: its rows, the head of each document's table. */
#ifndef SB_ENVELOPE_ROWS_H
#define SB_ENVELOPE_ROWS_H

#include "common/jsonread.h"

/* What a reader keeps of the envelope. */
struct sb_envelope_read {
	int schema; /* SB_SCHEMA: the only one read */
};

/* schema (must be SB_SCHEMA), tool, version, command_line, uname,
 * start_time, end_time, status: a document table's head. */
extern const struct sb_jr_table sb_envelope_format;

#endif
