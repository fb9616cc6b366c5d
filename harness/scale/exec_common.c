// SPDX-License-Identifier: GPL-2.0
/* The executors' table, what every executor hands a unit process, and the units file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/atomicio.h"
#include "common/byname.h"
#include "harness/scale/exec.h"

size_t exec_unit_args(const struct exec_ctx *c, const char **v)
{
	size_t n = 0;

	v[n++] = "--scenario";
	v[n++] = c->scenario;
	v[n++] = "--results";
	v[n++] = c->root;
	v[n++] = "--per-host";
	v[n++] = "--kernel";
	v[n++] = c->kernels;
	if (c->accel) {
		v[n++] = "--accel";
		v[n++] = c->accel;
	}
	v[n] = NULL;
	return n;
}

int exec_write_units(const struct exec_ctx *c, const char *path)
{
	size_t len = 0;
	char *buf;
	int rc;

	for (size_t i = 0; i < c->n_units; i++)
		len += strlen(c->units[i]) + 1;
	buf = malloc(len + 1);
	if (!buf)
		return -ENOMEM;
	len = 0;
	for (size_t i = 0; i < c->n_units; i++)
		len += (size_t)sprintf(buf + len, "%s\n", c->units[i]);
	rc = sb_write_file_atomic(path, buf, len);
	free(buf);
	return rc;
}

static const struct executor *const executors[] = {
	&exec_local,
	&exec_parallel,
	&exec_slurm,
};
#define N_EXECUTORS (sizeof(executors) / sizeof(executors[0]))

const struct executor *exec_find(const char *name)
{
	long i = sb_index_named_ptr(executors, N_EXECUTORS, name, name);

	return i < 0 ? NULL : executors[i];
}

const char *exec_names(void)
{
	static char names[64];

	if (!*names)
		for (size_t i = 0; i < N_EXECUTORS; i++)
			snprintf(names + strlen(names),
				 sizeof(names) - strlen(names), "%s%s",
				 i ? ", " : "", executors[i]->name);
	return names;
}
