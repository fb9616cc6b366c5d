// SPDX-License-Identifier: GPL-2.0
/* Unit tests: the workload list, its metrics, argv building per count mapping, dotted paths, the metrics section, the workload document read back by its rows. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ci/metrics.h"
#include "common/jsonpath.h"
#include "harness/workload.h"
#include "tests/unit/tmp_text.h"
#include "tests/unit/wl_cases.h"
#include "workloads/registry/doc_file.h"
#include "workloads/registry/registry.h"

static void test_lookup(void **state)
{
	const struct sbw_workload *w;

	(void)state;
	assert_ptr_equal(sbw_find("cyclic"), &sbw_cyclic);
	assert_ptr_equal(sbw_find("slicectl"), &sbw_slicectl);
	assert_null(sbw_find("trace-cmd")); /* the agent records itself */
	assert_null(sbw_find("cyclic2"));
	assert_null(sbw_find(""));
	/* scenario tools: listed ones, but helpers and others run generically */
	assert_ptr_equal(sbw_lookup("spin_example"), &sbw_spin_example);
	assert_ptr_equal(sbw_lookup("slicectl"), sbw_lookup(""));
	assert_ptr_equal(sbw_lookup("stress-ng"), &sbw_stress_ng);
	assert_ptr_equal(sbw_lookup("sysbench"), sbw_lookup(""));
	assert_null(sbw_lookup("")->name);
	assert_ptr_equal(sbw_metric_find("latency_p99_us", &w),
			 &sbw_cyclic.metrics[1]);
	assert_ptr_equal(w, &sbw_cyclic);
	assert_null(sbw_metric_find("avg_delay_ms", NULL)); /* the table's */
}

/* Every descriptor is whole; names of workloads and metrics are unique. */
static void test_list_consistent(void **state)
{
	const struct sbw_workload *const *l = sbw_list();
	size_t n = 0, n_metrics = 0;

	(void)state;
	for (size_t i = 0; l[i]; i++, n++) {
		const struct sbw_workload *w = l[i];

		assert_non_null(w->name);
		assert_non_null(w->help);
		assert_ptr_equal(sbw_find(w->name), w);
		if (w->kind == SBW_HELPER)
			continue;
		if (w->output == SBW_OUT_JSON)
			assert_non_null(w->json_opt);
		if (w->output == SBW_OUT_PARSED)
			assert_true(w->raw_ext && w->read_raw);
		if (w->output == SBW_OUT_STDOUT)
			assert_int_equal(w->n_metrics,
					 0); /* nothing reads them */
		if (w->kind == SBW_GENERATOR)
			assert_false(w->external);
		for (size_t k = 0; k < w->n_metrics; k++, n_metrics++) {
			const struct sbw_metric *m = &w->metrics[k];
			const struct sbw_workload *owner;

			assert_ptr_equal(sbw_metric_find(m->name, &owner), m);
			assert_ptr_equal(owner, w);
			assert_int_equal(ci_metric_find(m->name) < 0, 0);
			assert_true(m->scale > 0);
			assert_non_null(m->unit);
			assert_non_null(m->help);
		}
	}
	assert_true(n >= 8);
	assert_true(n_metrics <= CI_MAX_WL_METRICS);
}

/* ci's catalogue: the table's six metrics, then the list's, in list order. */
static void test_ci_catalogue(void **state)
{
	int i = ci_metric_find("loops_per_s");
	const struct ci_metric *m;

	(void)state;
	assert_int_equal(i, 6);
	m = ci_metric_at(ci_metric_find("latency_avg_us"));
	assert_int_equal(m->src, CI_SRC_JSON);
	assert_string_equal(m->tool, "cyclic");
	assert_string_equal(m->path, "overall.latency_ns.avg");
	assert_true(m->scale == 1e-3);
	assert_string_equal(m->unit, "us");
	assert_int_equal(m->dir, CI_DIR_LOWER);
	m = ci_metric_at(ci_metric_find("time_s"));
	assert_int_equal(m->src, CI_SRC_JSON);
	assert_string_equal(m->tool, "hackbench");
	m = ci_metric_at(ci_metric_find("pipe_ops_per_s"));
	assert_string_equal(m->tool, "stress-ng");
	assert_string_equal(m->path, "stressors.pipe.bogo_ops_per_s_real");
	assert_int_equal(m->dir, CI_DIR_HIGHER);
	m = ci_metric_at(ci_metric_find("spin_units_per_s"));
	assert_int_equal(m->dir, CI_DIR_HIGHER);
	assert_string_equal(m->tool, "spin_example");
	assert_true(ci_metric_find("spin_units_per_s") <
		    (int)ci_metrics_count());
	assert_true(ci_metric_tool_known("mixload"));
	assert_false(ci_metric_tool_known("cyclictest"));
	assert_true(ci_metric_tool_known("hackbench")); /* parsed into JSON */
}

/* @w has @n instances; instance @i, built into @p, runs @prog. */
static void build_checked(const struct sc_workload *w, int n, int i,
			  const char *prog, const struct wl_run *run,
			  struct wl_proc *p)
{
	assert_int_equal(wl_instances(w), n);
	assert_int_equal(wl_build(w, i, "/o", run, p), 0);
	assert_string_equal(p->argv[0], prog);
}

static void test_argv_count_mappings(void **state)
{
	const struct wl_run run = { 500000000, 2000000000, 9, 0 };
	struct wl_proc *p = malloc(sizeof(*p));
	struct sc_workload w;

	(void)state;
	/* generator, count as an option: one process */
	w = workload("mixload", "mix", 3, 0);
	build_checked(&w, 1, 0, "mixload", &run, p);
	assert_true(argv_has(p, "--renderers", "3"));
	assert_true(argv_has(p, "--json", "/o/mix.json"));
	assert_true(argv_has(p, "--quiet", NULL));
	assert_false(argv_has(p, "--slice", NULL));
	/* generator, count = instances: no count option, one file each */
	w = workload("spin_example", "spin", 3, 2000000);
	build_checked(&w, 3, 2, "spin_example", &run, p);
	assert_true(argv_has(p, "--duration", "2000000000"));
	assert_true(argv_has(p, "--warmup", "500000000"));
	assert_true(argv_has(p, "--seed", "9"));
	assert_true(argv_has(p, "--slice", "2000000"));
	assert_true(argv_has(p, "--json", "/o/spin.3.json"));
	assert_string_equal(p->err_path, "/o/spin.3.log");
	assert_false(p->capture_stdout);
	assert_false(argv_has(p, "3", NULL));
	/* tool, count as a one-word option, through slicectl */
	w = workload("cyclictest", "ct", 4, 1000000);
	build_checked(&w, 1, 0, "slicectl", &run, p);
	assert_true(argv_has(p, "--", "cyclictest"));
	assert_true(argv_has(p, "--threads=4", NULL));
	assert_true(argv_has(p, "--duration=3", NULL)); /* 2.5 s rounded up */
	/* tool, count = instances, stdout kept */
	w = workload("hackbench", "hb", 2, 0);
	build_checked(&w, 2, 0, "hackbench", &run, p);
	assert_null(p->argv[1]);
	assert_true(p->capture_stdout);
	assert_string_equal(p->out_path, "/o/hb.1.out");
	free(p);
}

static void test_json_path(void **state)
{
	json_t *doc = json_loads(
		"{\"a\": {\"b\": {\"c\": 2.5}, \"s\": \"x\"}, \"n\": 7}", 0,
		NULL);
	char longkey[80];

	(void)state;
	assert_non_null(doc);
	assert_ptr_equal(sb_json_path(doc, ""), doc);
	assert_true(sb_json_number(doc, "a.b.c") == 2.5);
	assert_true(sb_json_number(doc, "n") == 7);
	assert_null(sb_json_path(doc, "a.x.c"));
	assert_null(sb_json_path(doc, "n.m")); /* through a non-object */
	assert_true(json_is_string(sb_json_path(doc, "a.s")));
	assert_true(sb_json_number(doc, "a.s") == 0); /* not a number */
	assert_true(sb_json_number(doc, "missing") == 0);
	memset(longkey, 'k', sizeof(longkey) - 1);
	longkey[sizeof(longkey) - 1] = '\0';
	assert_null(sb_json_path(doc, longkey));
	json_decref(doc);
}

static void test_metrics_section(void **state)
{
	json_t *res = json_loads("{\"overall\": {\"latency_ns\": {\"avg\": "
				 "1500, \"p99\": null}, \"overruns\": 2}}",
				 0, NULL);
	json_t *sec = sbw_metrics_json(&sbw_cyclic, res), *bad;
	double v;

	(void)state;
	assert_non_null(sec);
	assert_int_equal(json_object_size(sec), 2); /* p99 null, max absent */
	assert_true(sb_json_number(sec, "latency_avg_us.value") == 1.5);
	assert_string_equal(
		json_string_value(sb_json_path(sec, "latency_avg_us.unit")),
		"us");
	assert_string_equal(
		json_string_value(sb_json_path(sec, "overruns.better")),
		"lower");
	assert_true(sb_json_number(sec, "overruns.value") == 2);
	bad = json_loads("{\"overall\": {\"overruns\": \"2\"}}", 0, NULL);
	assert_int_equal(sbw_metric_value(&sbw_cyclic.metrics[3], bad, &v),
			 -EINVAL);
	assert_string_equal(sbw_better_name(SBW_BETTER_HIGHER), "higher");
	assert_string_equal(sbw_better_name(SBW_BETTER_NONE), "none");
	json_decref(bad);
	json_decref(sec);
	json_decref(res);
}

/* @text read as a workload document from a new file (its name in @path). */
static int load_doc(const char *text, char *path, struct sbw_doc *d,
		    json_t **root, struct sb_error *e)
{
	int r;

	strcpy(path, "/tmp/test_wl_registry.XXXXXX");
	tmp_text(path, text);
	r = sbw_doc_load(path, d, root, e);
	unlink(path);
	return r;
}

/* A workload's document: other keys let through, its own checked. */
static void test_workload_doc(void **state)
{
	static const struct {
		const char *json, *want;
	} bad[] = {
		{ "{\"schema\": 2}", "schema: 2: must be 1" },
		{ "{\"status\": 5}", "status: 5 is not a string" },
		{ "{\"tool\": \"cyclic\", \"result\": [1]}",
		  "result: [1] is not an object" },
		{ "{\"metrics\": \"x\"}", "metrics: \"x\" is not an object" },
	};
	char path[64], full[512];
	struct sb_error e = { 0 };
	struct sbw_doc d;
	json_t *root;

	(void)state;
	assert_int_equal(load_doc("{\"schema\": 1, \"tool\": \"cyclic\", "
				  "\"status\": \"ok\", \"slice\": null, "
				  "\"result\": {\"overall\": {}}, "
				  "\"file_version\": 3}",
				  path, &d, &root, &e),
			 0);
	assert_string_equal(d.tool, "cyclic");
	assert_string_equal(d.status, "ok");
	assert_non_null(json_object_get(d.result, "overall"));
	assert_null(d.metrics); /* an older document: read by the paths */
	sbw_doc_free(&d);
	json_decref(root);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(load_doc(bad[i].json, path, &d, &root, &e),
				 -EINVAL);
		assert_null(root);
		snprintf(full, sizeof(full), "%s: %s", path, bad[i].want);
		assert_string_equal(e.msg, full);
	}
}

/*
 * The section's entries are read by their rows (workloads/registry/
 * doc_file.c); ci takes those it knows: unknown names and unmeasured
 * values skipped, bad ones named by the reader.
 */
static void test_ci_reads_section(void **state)
{
	char path[64], want[256];
	struct ci_values vals = { 0 };
	const struct ci_value *v;
	struct sb_error err;
	struct sbw_doc d;
	json_t *root;

	(void)state;
	assert_int_equal(
		load_doc("{\"metrics\": {\"spin_units_per_s\": {\"value\": "
			 "12.5, \"unit\": \"units/s\", \"better\": "
			 "\"higher\"}, \"somebody_elses\": {\"value\": 1}, "
			 "\"avg_delay_ms\": {\"value\": 3}, \"overruns\": "
			 "{\"value\": null}}}",
			 path, &d, &root, &err),
		0);
	assert_int_equal(d.n_metrics, 4);
	assert_string_equal(d.metrics[0].name, "spin_units_per_s");
	assert_string_equal(d.metrics[0].unit, "units/s");
	assert_int_equal(d.metrics[0].better, SBW_BETTER_HIGHER);
	assert_int_equal(d.metrics[1].better, SBW_BETTER_NONE);
	assert_null(d.metrics[1].unit);
	assert_true(isnan(d.metrics[3].value));
	assert_int_equal(
		ci_extract_section(d.metrics, d.n_metrics, "spin", &vals), 0);
	assert_int_equal(vals.n, 1);
	v = ci_values_get(&vals, ci_metric_find("spin_units_per_s"), "spin");
	assert_non_null(v);
	assert_true(v->v == 12.5);
	sbw_doc_free(&d);
	json_decref(root);
	assert_int_equal(
		load_doc("{\"metrics\": {\"overruns\": {\"value\": \"x\"}}}",
			 path, &d, &root, &err),
		-EINVAL);
	snprintf(want, sizeof(want),
		 "%s: metrics.overruns.value: \"x\": must be a number in "
		 "[0, 1e+18]",
		 path);
	assert_string_equal(err.msg, want);
	assert_int_equal(
		load_doc("{\"metrics\": {\"a\": {}, \"b\": {\"better\": "
			 "\"up\"}}}",
			 path, &d, &root, &err),
		-EINVAL);
	snprintf(
		want, sizeof(want),
		"%s: metrics.b.better: \"up\" is not one of none, lower, higher",
		path);
	assert_string_equal(err.msg, want);
	ci_values_free(&vals);
}

/* Without a summary of its own, a workload's line comes from its metrics. */
static void test_summary_from_metrics(void **state)
{
	char path[] = "/tmp/test_wl_registry.XXXXXX", line[128] = "";
	int fd = mkstemp(path);
	json_t *doc = json_pack("{s:{s:{s:f, s:s}}}", "metrics",
				"spin_units_per_s", "value", 4500.5, "unit",
				"units/s");

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(json_dump_file(doc, path, 0), 0);
	wl_summary(&sbw_spin_example, path, line, sizeof(line));
	assert_string_equal(line, "spin_units_per_s 4500.5 units/s");
	unlink(path);
	*line = '\0';
	wl_summary(&sbw_spin_example, path, line, sizeof(line));
	assert_string_equal(line, ""); /* no file: nothing */
	json_decref(doc);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lookup),
		cmocka_unit_test(test_list_consistent),
		cmocka_unit_test(test_ci_catalogue),
		cmocka_unit_test(test_argv_count_mappings),
		cmocka_unit_test(test_json_path),
		cmocka_unit_test(test_metrics_section),
		cmocka_unit_test(test_workload_doc),
		cmocka_unit_test(test_ci_reads_section),
		cmocka_unit_test(test_summary_from_metrics),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
