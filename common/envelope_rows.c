// SPDX-License-Identifier: GPL-2.0
/* The envelope of slicebench's output documents read back: its rows, the head of each document's table. */
#include "common/envelope.h"
#include "common/envelope_rows.h"

static void envelope_init(void *obj)
{
	((struct sb_envelope_read *)obj)->schema = SB_SCHEMA;
}

static const struct sb_field envelope_fields[] = {
	{ "schema", SB_F_INT, offsetof(struct sb_envelope_read, schema),
	  .min = SB_SCHEMA, .max = SB_SCHEMA,
	  .doc = "the version of the format this slicebench reads and writes "
		 "(absent: 1)" },
	{ "tool", SB_F_TEXT,
	  .doc = "the document's kind, e.g. `slicebench-table`" },
	{ "version", SB_F_TEXT, .doc = "the version of slicebench" },
	{ "command_line", SB_F_ANY, .type_doc = "array of strings",
	  .doc = "the command that wrote it" },
	{ "uname", SB_F_ANY,
	  .type_doc = "object (`sysname`, `release`, `version`, `machine`)",
	  .doc = "the machine that wrote it" },
	{ "start_time", SB_F_TEXT, .doc = "ISO 8601 UTC, with ms" },
	{ "end_time", SB_F_TEXT, .nullable = 1,
	  .doc = "ISO 8601 UTC, with ms" },
	{ "status", SB_F_TEXT, .doc = "`ok`, `interrupted` or `error`" },
};

const struct sb_jr_table sb_envelope_format =
	SB_JR_TABLE("envelope", envelope_fields, envelope_init, NULL);
