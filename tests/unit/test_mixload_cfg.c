// SPDX-License-Identifier: GPL-2.0
/* Unit tests of mixload's options: role slice resolution, defaults, bad values. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "workloads/mixload/cfg.h"

static int parse(struct mix_cfg *cfg, struct sb_error *e, int argc, char **argv)
{
	mix_cfg_init(cfg);
	e->msg[0] = '\0';
	return mix_cfg_parse(cfg, argc, argv, e);
}

/* Every role's slice is the one @want gives it (ns, by MIX_ROLE_*). */
static void assert_slices(const struct mix_cfg *cfg,
			  const uint64_t want[MIX_ROLES])
{
	for (int r = 0; r < MIX_ROLES; r++)
		assert_int_equal(cfg->slice_ns[r], want[r]);
}

static void test_defaults(void **state)
{
	char *argv[] = { "mixload", NULL };
	struct mix_cfg cfg;
	struct sb_error err;

	(void)state;
	assert_int_equal(parse(&cfg, &err, 1, argv), 0);
	assert_int_equal(cfg.renderers, 2);
	assert_int_equal(cfg.fps, 60);
	assert_slices(&cfg, (const uint64_t[MIX_ROLES]){
				    [MIX_ROLE_UI] = 500000,
				    [MIX_ROLE_COMP] = 500000,
				    [MIX_ROLE_IO] = 700000,
				    [MIX_ROLE_RMAIN] = 1000000,
				    [MIX_ROLE_RASTER] = 3000000 });
}

static void test_common_slice_and_role_override(void **state)
{
	char *argv[] = { "mixload", "--slice",	   "2ms", "--slice-ui",
			 "300us",   "--renderers", "3",	  "--slice-raster",
			 "0",	    NULL };
	struct mix_cfg cfg;
	struct sb_error err;

	(void)state;
	assert_int_equal(parse(&cfg, &err, 9, argv), 0);
	assert_int_equal(cfg.renderers, 3);
	assert_slices(&cfg, (const uint64_t[MIX_ROLES]){
				    [MIX_ROLE_UI] = 300000,
				    [MIX_ROLE_RASTER] = 0,
				    [MIX_ROLE_IO] = 2000000,
				    [MIX_ROLE_COMP] = 2000000,
				    [MIX_ROLE_RMAIN] = 2000000 });
}

static void test_bad_values_name_option_and_value(void **state)
{
	static const struct {
		const char *opt, *val, *want;
	} cases[] = {
		{ "--fps", "0", "--fps: \"0\"" },
		{ "--renderers", "65", "--renderers: \"65\"" },
		{ "--slice-comp", "fast", "--slice-comp: \"fast\"" },
		{ "--raster-work", "1xs", "--raster-work: \"1xs\"" },
		{ "--script-cap", "100us", "--script-cap: \"100us\"" },
	};
	struct mix_cfg cfg;
	struct sb_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *argv[] = { "mixload", (char *)cases[i].opt,
				 (char *)cases[i].val, NULL };

		assert_int_equal(parse(&cfg, &err, 3, argv), -EINVAL);
		assert_non_null(strstr(err.msg, cases[i].want));
	}
}

static void test_role_names(void **state)
{
	(void)state;
	assert_string_equal(mix_role_comm(MIX_ROLE_UI), "mix-ui");
	assert_string_equal(mix_role_comm(MIX_ROLE_RASTER), "mix-raster");
	assert_string_equal(mix_role_name(MIX_ROLE_RMAIN), "rmain");
	for (int r = 0; r < MIX_ROLES; r++)
		assert_true(strlen(mix_role_comm(r)) <= 15);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_common_slice_and_role_override),
		cmocka_unit_test(test_bad_values_name_option_and_value),
		cmocka_unit_test(test_role_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
