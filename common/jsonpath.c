// SPDX-License-Identifier: GPL-2.0
/* Dotted-path lookup in a JSON document ("overall.latency_ns.avg"). */
#include <string.h>

#include "common/jsonpath.h"

json_t *sb_json_path(const json_t *obj, const char *path)
{
	json_t *cur = (json_t *)obj;
	char key[64];

	while (cur && *path) {
		size_t len = strcspn(path, ".");

		if (len >= sizeof(key) || !json_is_object(cur))
			return NULL;
		memcpy(key, path, len);
		key[len] = '\0';
		cur = json_object_get(cur, key);
		path += len + (path[len] == '.');
	}
	return cur;
}

double sb_json_number(const json_t *obj, const char *path)
{
	return json_number_value(sb_json_path(obj, path));
}
