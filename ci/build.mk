# Compare, gate, statistics and plots.
CI_SRCS := ci/cmd_compare.c ci/compare_end.c ci/compare_sides.c ci/cmd_gate.c ci/stats.c ci/metrics.c $(WL_REGISTRY_SRCS) \
	   ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c ci/schedstat_file.c ci/rules.c ci/rules_pick.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/gate_report.c ci/gate_run.c ci/gate_csv.c \
	   ci/spending.c ci/dup_runs.c \
	   ci/spec.c ci/columns.c ci/table_print.c ci/compare_out.c \
	   ci/plots.c ci/report_html.c ci/report_ran.c ci/util.c \
	   ci/fold.c ci/regime.c ci/host_regime.c ci/crosscheck.c ci/seed_table.c ci/bench_verdict.c ci/verdict_line.c \
	   ci/published_file.c ci/published_beside.c \
	   ci/bench_cmp.c ci/bench_words.c ci/tracing_cost.c ci/bench_end.c ci/cmd_report.c \
	   ci/work_unit.c ci/sizing.c ci/noise_store.c

UNIT_TESTS += test_ci_stats
test_ci_stats_SRCS := tests/unit/test_ci_stats.c ci/stats.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
		      ci/metrics.c $(WL_REGISTRY_SRCS) ci/synth_runs.c common/hist.c
test_ci_stats_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_drift
test_ci_drift_SRCS := tests/unit/test_ci_drift.c ci/stats.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
		      ci/metrics.c $(WL_REGISTRY_SRCS) ci/synth_runs.c common/hist.c
test_ci_drift_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_spending
test_ci_spending_SRCS := tests/unit/test_ci_spending.c ci/spending.c ci/stats.c
test_ci_spending_LDLIBS := -lm

UNIT_TESTS += test_ci_results
test_ci_results_SRCS := tests/unit/test_ci_results.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c common/sha256.c \
			ci/metrics.c $(WL_REGISTRY_SRCS) ci/rules.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c \
			ci/util.c common/atomicio.c common/fmt.c common/log.c \
			$(JSONREAD_SRCS)
test_ci_results_LDLIBS := -ljansson -lmd -lm

UNIT_TESTS += test_ci_bench
test_ci_bench_SRCS := tests/unit/test_ci_bench.c ci/fold.c ci/regime.c ci/host_regime.c common/accel.c ci/table_print.c \
		      ci/seed_table.c ci/bench_verdict.c ci/verdict_line.c ci/bench_cmp.c \
		      ci/bench_words.c ci/columns.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c common/sha256.c ci/metrics.c $(WL_REGISTRY_SRCS) \
		      ci/rules.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c ci/util.c \
		      common/atomicio.c common/fmt.c common/log.c $(JSONREAD_SRCS)
test_ci_bench_LDLIBS := -ljansson -lmd -lm

UNIT_TESTS += test_ci_published
test_ci_published_SRCS := tests/unit/test_ci_published.c ci/published_file.c ci/published_beside.c \
			  ci/bench_verdict.c ci/bench_cmp.c ci/columns.c ci/fold.c ci/regime.c ci/host_regime.c \
			  common/accel.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c \
			  ci/schedstat_file.c common/sha256.c ci/metrics.c $(WL_REGISTRY_SRCS) ci/rules.c ci/gate.c ci/drift.c \
			  ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c ci/util.c \
			  ci/verdict_line.c common/atomicio.c common/fmt.c common/log.c $(JSONREAD_SRCS)
test_ci_published_LDLIBS := -ljansson -lmd -lm

UNIT_TESTS += test_ci_tracing_cost
test_ci_tracing_cost_SRCS := tests/unit/test_ci_tracing_cost.c ci/tracing_cost.c \
			     ci/bench_verdict.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c ci/synth_runs.c common/hist.c \
			     ci/metrics.c $(WL_REGISTRY_SRCS)
test_ci_tracing_cost_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_table_file
test_ci_table_file_SRCS := tests/unit/test_ci_table_file.c ci/table_file.c ci/schedstat_file.c \
			   ci/manifest_file.c common/atomicio.c $(JSONREAD_SRCS)
test_ci_table_file_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_crosscheck
test_ci_crosscheck_SRCS := tests/unit/test_ci_crosscheck.c ci/crosscheck.c ci/table_file.c ci/schedstat_file.c \
			   workloads/registry/doc_file.c common/jsonpath.c common/atomicio.c \
			   $(JSONREAD_SRCS)
test_ci_crosscheck_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_rules_pick
test_ci_rules_pick_SRCS := tests/unit/test_ci_rules_pick.c ci/rules_pick.c ci/scenario_view.c \
			   ci/rules.c ci/metrics.c harness/scenario.c \
			   harness/workload.c $(WL_REGISTRY_SRCS) $(COMMON_SRCS)
test_ci_rules_pick_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_work_unit
test_ci_work_unit_SRCS := tests/unit/test_ci_work_unit.c ci/work_unit.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c common/sha256.c \
			  ci/metrics.c $(WL_REGISTRY_SRCS) ci/rules.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c \
			  ci/util.c common/atomicio.c common/fmt.c common/log.c \
			  $(JSONREAD_SRCS)
test_ci_work_unit_LDLIBS := -ljansson -lmd -lm

UNIT_TESTS += test_ci_sizing
test_ci_sizing_SRCS := tests/unit/test_ci_sizing.c ci/sizing.c ci/stats.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
		       ci/metrics.c $(WL_REGISTRY_SRCS) ci/synth_runs.c common/hist.c
test_ci_sizing_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_host_regime
test_ci_host_regime_SRCS := tests/unit/test_ci_host_regime.c ci/host_regime.c \
			    ci/regime.c ci/stats.c common/accel.c common/atomicio.c common/fmt.c $(WL_REGISTRY_SRCS)
test_ci_host_regime_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_noise_store
test_ci_noise_store_SRCS := tests/unit/test_ci_noise_store.c ci/noise_store.c \
			    ci/sizing.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
			    ci/stats.c ci/metrics.c $(WL_REGISTRY_SRCS) \
			    common/atomicio.c common/fmt.c common/log.c $(JSONREAD_SRCS)
test_ci_noise_store_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_verdict_line
test_ci_verdict_line_SRCS := tests/unit/test_ci_verdict_line.c ci/verdict_line.c

UNIT_TESTS += test_ci_pooled
test_ci_pooled_SRCS := tests/unit/test_ci_pooled.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c \
		       ci/rules.c ci/metrics.c $(WL_REGISTRY_SRCS) ci/synth_runs.c common/hist.c \
		       $(JSONREAD_SRCS)
test_ci_pooled_LDLIBS := -ljansson -lm

UNIT_TESTS += test_ci_pooled_ratio
test_ci_pooled_ratio_SRCS := tests/unit/test_ci_pooled_ratio.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c \
			     ci/gate_pooled_rule.c ci/sizing.c ci/stats.c ci/rules.c ci/metrics.c $(WL_REGISTRY_SRCS) \
			     ci/synth_runs.c common/hist.c $(JSONREAD_SRCS)
test_ci_pooled_ratio_LDLIBS := -ljansson -lm
