/* SPDX-License-Identifier: GPL-2.0 */
/* What `kernel list` and `kernel show|fetch|build` print: the descriptors, one kernel's facts as JSON. */
#ifndef SB_BOOT_KERNEL_SHOW_H
#define SB_BOOT_KERNEL_SHOW_H

#include <jansson.h>
#include <stdio.h>

#include "harness/boot/kernel_info.h"

/*
 * Kernel @name into @ki, its image made available when @prepare (fetched or
 * built). 0, or the exit code with the error said as "slicebench kernel".
 */
int kernel_find_said(const char *name, struct kernel_info *ki, int prepare);

/* `kernel list`: each descriptor on a line, with apt's versions. An exit code. */
int kernel_list_print(void);

/*
 * `kernel @sub NAME`: @ki's facts in the project's envelope (tool
 * "slicebench-kernel") on standard output. An exit code.
 */
int kernel_info_print(const char *sub, const char *name,
		      const struct kernel_info *ki);

/*
 * The project's envelope (tool "slicebench-kernel") of `kernel @sub`, its
 * command line "kernel @sub" and @argv (NAME, its options), started now:
 * at the command's start. NULL when out of memory.
 */
json_t *kernel_doc_new(const char *sub, int argc, char *const argv[]);
/*
 * @body (taken; its keys beside the envelope's, none of them theirs) in
 * @env (kept), finished with @status ("ok", "error"), on @f. An exit code:
 * 0, or 4 when out of memory.
 */
int kernel_doc_print(FILE *f, json_t *env, json_t *body, const char *status);

/* @j (taken) as indented JSON and a newline on @f: 0, or 4 if @j is NULL. */
int kernel_json_print(FILE *f, json_t *j);

#endif
