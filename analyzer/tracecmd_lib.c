// SPDX-License-Identifier: GPL-2.0
/* libtracecmd loaded on first use, its functions looked up by name. */
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>

#include "analyzer/tracecmd_lib.h"

#define LIBTRACECMD "libtracecmd.so.1"

/* Look up @name into *@fn (a function pointer); 0 or -1. */
static int find(void *h, const char *name, void *fn)
{
	void *sym = dlsym(h, name);

	if (!sym)
		return -1;
	*(void **)fn = sym;
	return 0;
}

const struct tracecmd_lib *tracecmd_lib(const char *path, struct sb_error *e)
{
	static struct tracecmd_lib lib;
	static int loaded;
	void *h;

	if (loaded)
		return &lib;
	h = dlopen(LIBTRACECMD, RTLD_NOW | RTLD_LOCAL);
	if (!h || find(h, "tracecmd_open", &lib.open) ||
	    find(h, "tracecmd_open_head", &lib.open_head) ||
	    find(h, "tracecmd_get_tep", &lib.get_tep) ||
	    find(h, "tracecmd_iterate_events", &lib.iterate_events) ||
	    find(h, "tracecmd_close", &lib.close) ||
	    find(h, "tracecmd_set_loglevel", &lib.set_loglevel)) {
		sb_error_set(e, -ENOENT, path, NULL, NULL,
			     "cannot read a trace.dat: %s (make deps installs "
			     "libtracecmd)",
			     dlerror());
		if (h)
			dlclose(h);
		return NULL;
	}
	loaded = 1;
	return &lib;
}
