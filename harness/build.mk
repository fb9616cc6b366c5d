# Harness core: scenarios, the workload registry, the agent (shared by the
# static guest agent sbguest and host mode), the matrix runner, results.
HARNESS_AGENT_SRCS := harness/scenario.c harness/workload.c $(WL_REGISTRY_SRCS) \
		      harness/features.c harness/recorder.c harness/tracefs_rec.c \
		      harness/schedstat.c harness/preflight.c harness/agent.c
# Scale-out: plan, merge, executors (local --jobs, GNU parallel, Slurm).
HARNESS_SCALE_SRCS := harness/scale/cmd_plan.c harness/scale/cmd_merge.c \
		      harness/scale/merge.c harness/scale/exec_common.c \
		      harness/scale/exec_local.c harness/scale/exec_parallel.c \
		      harness/scale/exec_slurm.c harness/scale/run_units.c
HARNESS_SRCS := harness/cmd_run.c harness/run_prepare.c \
		harness/runner.c harness/host_load.c harness/run_sizing.c \
		harness/matrix.c harness/plan.c harness/manifest.c \
		harness/run_vm.c harness/run_host.c harness/unpack.c \
		harness/tools_check.c harness/host_features_check.c \
		harness/host_debugfs.c \
		$(HARNESS_SCALE_SRCS) $(HARNESS_AGENT_SRCS)

PROGS += sbguest
sbguest_SRCS := harness/guest/sbguest.c harness/guest/fwcfg.c \
		$(HARNESS_AGENT_SRCS) $(COMMON_SRCS)
sbguest_LDLIBS := -ljansson -lm -lpthread
sbguest_STATIC := 1

UNIT_TESTS += test_harness_scenario
test_harness_scenario_SRCS := tests/unit/test_harness_scenario.c \
			      harness/scenario.c harness/workload.c $(WL_REGISTRY_SRCS) \
			      $(COMMON_SRCS)
test_harness_scenario_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_preflight
test_harness_preflight_SRCS := tests/unit/test_harness_preflight.c \
			       harness/preflight.c $(COMMON_SRCS)
test_harness_preflight_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_plan
test_harness_plan_SRCS := tests/unit/test_harness_plan.c harness/plan.c \
			  ci/manifest_file.c $(COMMON_SRCS)
test_harness_plan_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_unpack
test_harness_unpack_SRCS := tests/unit/test_harness_unpack.c harness/unpack.c \
			    $(COMMON_SRCS)
test_harness_unpack_LDLIBS := -ljansson -lm

UNIT_TESTS += test_scale_merge
test_scale_merge_SRCS := tests/unit/test_scale_merge.c harness/scale/merge.c \
			 harness/plan.c ci/manifest_file.c $(COMMON_SRCS)
test_scale_merge_LDLIBS := -ljansson -lm

UNIT_TESTS += test_wl_registry
test_wl_registry_SRCS := tests/unit/test_wl_registry.c harness/workload.c \
			 ci/metrics.c $(WL_REGISTRY_SRCS)
test_wl_registry_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_parsed
test_harness_parsed_SRCS := tests/unit/test_harness_parsed.c harness/workload.c \
			    $(WL_REGISTRY_SRCS) $(COMMON_SRCS)
test_harness_parsed_LDLIBS := -ljansson -lm


UNIT_TESTS += test_harness_host_load
test_harness_host_load_SRCS := tests/unit/test_harness_host_load.c \
			       harness/host_load.c harness/preflight.c $(COMMON_SRCS)
test_harness_host_load_LDLIBS := -ljansson -lm

UNIT_TESTS += test_harness_tracefs
test_harness_tracefs_SRCS := tests/unit/test_harness_tracefs.c \
			     harness/tracefs_rec.c tests/unit/test_analyzer_writer.c \
			     $(ANALYZER_READ_SRCS) $(ANALYZER_CORE_SRCS) \
			     common/hist.c common/atomicio.c common/error.c
test_harness_tracefs_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm -lpthread
