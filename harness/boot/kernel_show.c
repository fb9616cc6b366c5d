// SPDX-License-Identifier: GPL-2.0
/* What `kernel list` and `kernel show|fetch|build` print: the descriptors, one kernel's facts as JSON. */
#include <stdlib.h>
#include <string.h>

#include "common/envelope.h"
#include "common/error.h"
#include "common/exitcodes.h"
#include "harness/boot/kernel.h"
#include "harness/boot/kernel_backends.h"
#include "harness/boot/kernel_show.h"

int kernel_find_said(const char *name, struct kernel_info *ki, int prepare)
{
	struct sb_error e;
	int ret = kernel_lookup(name, ki, &e);

	if (!ret && prepare)
		ret = kernel_prepare(ki, &e);
	return ret ? sb_error_report("slicebench kernel", ret, &e) : 0;
}

int kernel_json_print(FILE *f, json_t *j)
{
	if (!j || json_dumpf(j, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER))
		return SB_EXIT_UNMEASURED;
	fputc('\n', f);
	json_decref(j);
	return SB_EXIT_OK;
}

int kernel_list_print(void)
{
	struct kernel_info ki;
	char *names, *p, versions[1024];
	struct sb_error e;
	size_t n;
	int ret = kernel_list(&names, &n);

	if (ret) {
		fprintf(stderr, "slicebench kernel: %s: %s\n", kernel_dir(),
			strerror(-ret));
		return SB_EXIT_UNMEASURED;
	}
	p = names;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1) {
		if (kernel_lookup(p, &ki, &e)) {
			printf("%-14s (bad descriptor: %s)\n", p, e.msg);
			continue;
		}
		printf("%-14s %-7s %-28s %s\n", p, kernel_type_name(&ki),
		       ki.release[0] ? ki.release : ki.backend->not_ready,
		       ki.description);
		if (ki.backend->versions &&
		    !ki.backend->versions(&ki, versions, sizeof(versions)))
			printf("%-14s apt offers %s (%s@VERSION)\n", "",
			       *versions ? versions : "none", p);
	}
	free(names);
	return SB_EXIT_OK;
}

json_t *kernel_doc_new(const char *sub, int argc, char *const argv[])
{
	char **line = calloc((size_t)argc + 2, sizeof(*line));
	json_t *env = NULL;

	if (line) {
		line[0] = "kernel";
		line[1] = (char *)sub;
		for (int i = 0; i < argc; i++)
			line[i + 2] = argv[i];
		env = sb_envelope_new("slicebench-kernel", argc + 2, line);
	}
	free(line);
	return env;
}

int kernel_doc_print(FILE *f, json_t *env, json_t *body, const char *status)
{
	int ret = SB_EXIT_UNMEASURED;

	if (env && body && !json_object_update(env, body)) {
		sb_envelope_finish(env, status);
		ret = kernel_json_print(f, json_incref(env));
	}
	json_decref(body);
	return ret;
}

int kernel_info_print(const char *sub, const char *name,
		      const struct kernel_info *ki)
{
	/* these commands take NAME and nothing else: that is their line */
	char *const argv[] = { (char *)name };
	json_t *env = kernel_doc_new(sub, 1, argv);
	json_t *info = json_pack(
		"{s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:s, s:b, s:s, s:s, s:s, s:s, s:s, s:s}",
		"name", ki->name, "type", kernel_type_name(ki), "description",
		ki->description, "image", ki->image, "release", ki->release,
		"config_path", ki->config_path, "config_sha256",
		ki->config_sha256, "modules_dir", ki->modules_dir, "source",
		ki->source, "machine", ki->machine, "custom_slices",
		ki->custom_slices, "package", ki->package, "tree", ki->tree,
		"config", ki->config, "fragment", ki->fragment, "series",
		ki->series, "build_log", ki->build_log);
	int ret = kernel_doc_print(stdout, env, info, "ok");

	json_decref(env);
	return ret;
}
