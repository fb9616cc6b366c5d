# make perf: the suite's own benchmarks (the analyzer, boot, harness,
# workloads and the gate's statistics), as ratios against peers.
# make perf: the gate's error rates on synthetic runs (perf/gate_error_rates.sh)
PROGS += gate_error_rates
gate_error_rates_SRCS := perf/gate_error_rates.c perf/synth_gate.c ci/stats.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
			 ci/spending.c ci/metrics.c $(WL_REGISTRY_SRCS) ci/rules.c ci/synth_runs.c common/hist.c \
			 $(JSONREAD_SRCS)
gate_error_rates_LDLIBS := -ljansson -lm

# make perf: does the gate decide at sized runs, and its estimate followed (perf/gate_decides.sh)
PROGS += gate_decides
gate_decides_SRCS := perf/gate_decides.c perf/synth_gate.c ci/stats.c ci/gate.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
		     ci/spending.c ci/sizing.c ci/noise_store.c ci/metrics.c $(WL_REGISTRY_SRCS) \
		     ci/rules.c ci/synth_runs.c common/hist.c $(JSONREAD_SRCS)
gate_decides_LDLIBS := -ljansson -lm

# make perf: the merge check's power on real runs of its test kernels (perf/check_power.sh)
PROGS += check_power
check_power_SRCS := perf/check_power.c perf/synth_gate.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c \
		    common/sha256.c ci/metrics.c $(WL_REGISTRY_SRCS) ci/rules.c ci/gate.c ci/drift.c ci/gate_pooled.c \
		    ci/gate_pooled_ratio.c ci/gate_pooled_rule.c ci/stats.c ci/spending.c ci/synth_runs.c ci/util.c \
		    common/hist.c common/atomicio.c common/fmt.c common/log.c $(JSONREAD_SRCS)
check_power_LDLIBS := -ljansson -lmd -lm
