// SPDX-License-Identifier: GPL-2.0
/* slicebench kernel add: a descriptor for one's own bzImage or tree, written once and validated. */
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/error.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_add.h"
#include "harness/boot/kernel_backends.h"

/* @value of option @opt, made absolute, as descriptor key @key of @j. */
static int put_path(json_t *j, const char *key, const char *opt,
		    const char *value, struct sb_error *e)
{
	char real[PATH_MAX];

	if (!value)
		return 0;
	if (!realpath(value, real))
		return sb_error_set(e, -EINVAL, NULL, opt, value, "%s",
				    strerror(errno));
	return json_object_set_new(j, key, json_string(real)) ?
		       sb_error_set(e, -ENOMEM, NULL, NULL, NULL,
				    "out of memory") :
		       0;
}

/* The descriptor @a asks for; NULL with @e on bad input. */
static json_t *descriptor(const struct kernel_add *a, struct sb_error *e)
{
	char frag[PATH_MAX], release[128];
	json_t *j = json_object();

	if (!a->bzimage == !a->tree) {
		sb_error_set(e, -EINVAL, NULL, NULL, NULL,
			     "give one of --bzimage FILE and --tree DIR");
		goto bad;
	}
	if (a->bzimage && (a->series || a->config || a->fragment)) {
		sb_error_set(
			e, -EINVAL, NULL, NULL, NULL,
			"--series, --config and --fragment go with --tree; "
			"a bzImage is booted as is");
		goto bad;
	}
	if (a->bzimage &&
	    kernel_image_release(a->bzimage, release, sizeof(release))) {
		sb_error_set(e, -EINVAL, NULL, "--bzimage", a->bzimage,
			     "not a readable x86 bzImage");
		goto bad;
	}
	snprintf(frag, sizeof(frag), "%s/common/config.fragment", kernel_dir());
	if (!j ||
	    json_object_set_new(j, "type",
				json_string(a->bzimage ? "path" : "source")))
		goto oom;
	if (a->description &&
	    json_object_set_new(j, "description", json_string(a->description)))
		goto oom;
	if (put_path(j, "image", "--bzimage", a->bzimage, e) ||
	    put_path(j, "tree", "--tree", a->tree, e) ||
	    put_path(j, "config", "--config", a->config, e) ||
	    put_path(j, "fragment", "--fragment",
		     a->tree && !a->config && !a->fragment ? frag : a->fragment,
		     e) ||
	    put_path(j, "series", "--series", a->series, e))
		goto bad;
	return j;
oom:
	sb_error_set(e, -ENOMEM, NULL, NULL, NULL, "out of memory");
bad:
	json_decref(j);
	return NULL;
}

const char *kernel_name_reserved(const char *name)
{
	if (!strcmp(name, "common"))
		return "kernels/common holds the files kernels share "
		       "(config.fragment)";
	if (!strcmp(name, "path"))
		return "\"path\" names a bare --kernel PATH";
	return NULL;
}

int kernel_add(const char *name, const struct kernel_add *a, char *path,
	       size_t len, struct sb_error *e)
{
	char dir[PATH_MAX], tmp[PATH_MAX + 32];
	struct kernel_info ki;
	const char *why;
	json_t *j;
	int made, r;

	if (!kernel_name_ok(name, strlen(name)) ||
	    strlen(name) >= sizeof(ki.name))
		return sb_error_set(e, -EINVAL, NULL, "NAME", name,
				    "is not a name of [A-Za-z0-9_.-] "
				    "characters (at most %zu), not starting "
				    "with '.' or '-'",
				    sizeof(ki.name) - 1);
	snprintf(dir, sizeof(dir), "%s/%s", kernel_dir(), name);
	snprintf(path, len, "%s/kernel.json", dir);
	snprintf(tmp, sizeof(tmp), "%s/.kernel.json.%d", dir, getpid());
	if (!access(path, F_OK))
		return sb_error_set(e, -EEXIST, path, NULL, NULL,
				    "exists; remove it or pick another NAME");
	if ((why = kernel_name_reserved(name)))
		return sb_error_set(e, -EINVAL, NULL, "NAME", name,
				    "is reserved: %s; pick another NAME", why);
	if (!(j = descriptor(a, e)))
		return e->code;
	made = !mkdir(dir, 0755);
	if (!made && errno != EEXIST) {
		json_decref(j);
		return sb_error_set(e, sb_env_errno(-errno), dir, NULL, NULL,
				    "%s", strerror(errno));
	}
	r = sb_json_dump_atomic(tmp, j);
	json_decref(j);
	if (r)
		sb_error_set(e, sb_env_errno(r), tmp, NULL, NULL, "%s",
			     strerror(-r));
	else if ((r = kernel_parse_descriptor(tmp, name, &ki, e)) &&
		 !strncmp(e->msg, tmp, strlen(tmp))) {
		char why[sizeof(e->msg)]; /* said of the file it would be */

		snprintf(why, sizeof(why), "%s", e->msg + strlen(tmp) + 2);
		sb_error_set(e, r, path, NULL, NULL, "%s", why);
	}
	/* link(2), unlike rename(2), never replaces a descriptor written meanwhile */
	if (!r && link(tmp, path))
		r = sb_error_set(e, errno == EEXIST ? -EEXIST : -errno, path,
				 NULL, NULL, "%s", strerror(errno));
	unlink(tmp);
	if (r && made)
		rmdir(dir);
	return r;
}
