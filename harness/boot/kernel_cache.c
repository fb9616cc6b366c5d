// SPDX-License-Identifier: GPL-2.0
/* Where kernels live (descriptors, the cache) and what a prepared image records (config, release, features). */
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/atomicio.h"
#include "common/jsonread.h"
#include "common/rootdir.h"
#include "common/sha256.h"
#include "harness/boot/capture_cache.h"
#include "harness/boot/kernel.h"

const char *kernel_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("SLICEBENCH_KERNELS");

	if (env && *env)
		snprintf(dir, sizeof(dir), "%s", env);
	else
		sb_root_path(dir, sizeof(dir), "kernels");
	return dir;
}

const char *kernel_cache_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("SLICEBENCH_CACHE");
	const char *xdg = getenv("XDG_CACHE_HOME");
	const char *home = getenv("HOME");

	if (env && *env)
		snprintf(dir, sizeof(dir), "%s", env);
	else if (xdg && *xdg)
		snprintf(dir, sizeof(dir), "%s/slicebench", xdg);
	else
		snprintf(dir, sizeof(dir), "%s/.cache/slicebench",
			 home && *home ? home : "/tmp");
	return dir;
}

int kernel_set_config(struct kernel_info *ki, const char *config)
{
	int ret;

	if (strlen(config) >= sizeof(ki->config_path))
		return -ENAMETOOLONG;
	strcpy(ki->config_path, config);
	ret = sb_sha256_file(config, ki->config_sha256);
	if (ret) {
		ki->config_path[0] = '\0';
		ki->config_sha256[0] = '\0';
	}
	return ret;
}

int kernel_image_release(const char *image, char *buf, size_t len)
{
	unsigned char hdr[0x210];
	char ver[256];
	unsigned int off;
	ssize_t n;
	size_t i;
	int fd = open(image, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	/* Boot protocol: "HdrS" at 0x202, kernel_version pointer at 0x20e. */
	n = pread(fd, hdr, sizeof(hdr), 0);
	if (n != (ssize_t)sizeof(hdr) || memcmp(hdr + 0x202, "HdrS", 4)) {
		ret = -EINVAL;
		goto out;
	}
	off = (unsigned int)(hdr[0x20e] | hdr[0x20f] << 8) + 0x200;
	n = pread(fd, ver, sizeof(ver) - 1, off);
	if (n <= 0 || off == 0x200) {
		ret = -EINVAL;
		goto out;
	}
	ver[n] = '\0';
	for (i = 0; ver[i] && ver[i] != ' '; i++)
		if (ver[i] < 0x21 || ver[i] > 0x7e) {
			ret = -EINVAL;
			goto out;
		}
	if (i == 0 || i >= len) {
		ret = i ? -ENAMETOOLONG : -EINVAL;
		goto out;
	}
	memcpy(buf, ver, i);
	buf[i] = '\0';
out:
	close(fd);
	return ret;
}

/*
 * The features a guest read are the image's: kept under its SHA-256, so
 * another kernel of the same name (another user's, another run's
 * NAME=PATH) never reads or replaces them. -ENOENT without an image.
 */
static int features_cache_path(const struct kernel_info *ki, char *sha,
			       char *buf, size_t len)
{
	int ret;

	if (!ki->image[0])
		return -ENOENT;
	/* kept by the image's stat: every run asks (remember_features) */
	if ((ret = capture_sha256_file(ki->image, sha)))
		return ret;
	snprintf(buf, len, "%s/features/%s.json", kernel_cache_dir(), sha);
	return 0;
}

/* A kernel image's features cache file (kernel_features_save()). */
struct features_cache {
	char image_sha256[SB_SHA256_HEX];
	char *features;
};

#define FC(m) offsetof(struct features_cache, m)

static const struct sb_field features_fields[] = {
	{ "schema", SB_F_INT, .check_only = 1, .min = 2, .max = 2, .doc = "2" },
	{ "image_sha256", SB_F_STRING, FC(image_sha256), SB_SHA256_HEX,
	  .required = 1, .min = 1, .doc = "of the kernel image" },
	{ "release", SB_F_TEXT, .doc = "its release" },
	{ "features", SB_F_STRDUP, FC(features), .required = 1,
	  .doc = "the sched_features line its guest read" },
};

static const struct sb_jr_table features_format =
	SB_JR_TABLE("kernel features cache", features_fields, NULL, NULL);

int kernel_features_cached(const struct kernel_info *ki, char *buf, size_t len)
{
	char path[PATH_MAX + 96], sha[SB_SHA256_HEX];
	struct features_cache fc = { 0 };
	int ret = -ENOENT;

	if (features_cache_path(ki, sha, path, sizeof(path)))
		return -ENOENT;
	/* absent, refused by its reader, of another image: none cached */
	if (!sb_jr_load(path, &features_format, &fc, NULL, NULL) &&
	    strlen(fc.features) < len && !strcmp(sha, fc.image_sha256)) {
		strcpy(buf, fc.features);
		ret = 0;
	}
	free(fc.features);
	return ret;
}

int kernel_features_save(const struct kernel_info *ki, const char *line)
{
	char path[PATH_MAX + 96], sha[SB_SHA256_HEX];
	json_t *j;
	int ret;

	if (!*line)
		return -ENOENT;
	snprintf(path, sizeof(path), "%s/features", kernel_cache_dir());
	if ((ret = sb_mkdir_p(path, 0755)) ||
	    (ret = features_cache_path(ki, sha, path, sizeof(path))))
		return ret;
	j = json_pack("{s:i,s:s,s:s,s:s}", "schema", 2, "image_sha256", sha,
		      "release", ki->release, "features", line);
	ret = j ? sb_json_dump_atomic(path, j) : -ENOMEM;
	json_decref(j);
	return ret;
}
