# Fuzz targets (make fuzz FUZZ_SECONDS=N): libFuzzer harnesses over the real parsers.
FUZZ_IO_SRCS := fuzz/fuzz_io.c common/atomicio.c

FUZZ_TARGETS += fuzz_scenario
fuzz_scenario_SRCS := fuzz/fuzz_scenario.c harness/scenario.c \
		      harness/workload.c $(WL_REGISTRY_SRCS) $(FUZZ_IO_SRCS) \
		      common/spawn.c common/keeper.c common/slice_range.c common/accel.c \
		      $(JSONREAD_SRCS)
fuzz_scenario_LDLIBS := -ljansson -lm

FUZZ_TARGETS += fuzz_duration
fuzz_duration_SRCS := fuzz/fuzz_duration.c common/duration.c $(FUZZ_IO_SRCS)
fuzz_duration_LDLIBS := -ljansson

FUZZ_TARGETS += fuzz_wl_opts
fuzz_wl_opts_SRCS := fuzz/fuzz_wl_opts.c workloads/lib/opts.c workloads/lib/clock.c \
		     common/opts.c common/valcheck.c \
		     common/cpulist.c \
		     common/duration.c $(FUZZ_IO_SRCS)
fuzz_wl_opts_LDLIBS := -ljansson

FUZZ_TARGETS += fuzz_results
fuzz_results_SRCS := fuzz/fuzz_results.c ci/results.c ci/table_file.c ci/manifest_file.c ci/scenario_view.c common/sha256.c ci/metrics.c $(WL_REGISTRY_SRCS) \
		     ci/util.c common/fmt.c common/log.c $(FUZZ_IO_SRCS) $(JSONREAD_SRCS)
fuzz_results_LDLIBS := -ljansson -lmd -lm

FUZZ_TARGETS += fuzz_rules
fuzz_rules_SRCS := fuzz/fuzz_rules.c ci/rules.c ci/metrics.c $(WL_REGISTRY_SRCS) ci/util.c \
		   $(JSONREAD_SRCS) \
		   $(FUZZ_IO_SRCS)
fuzz_rules_LDLIBS := -ljansson -lm

FUZZ_TARGETS += fuzz_sbt_events
fuzz_sbt_events_SRCS := fuzz/fuzz_sbt_events.c $(ANALYZER_CORE_SRCS) \
			analyzer/fmt_text.c analyzer/fmt_json.c \
			analyzer/analyze.c $(ANALYZER_READ_SRCS) \
			common/hist.c $(FUZZ_IO_SRCS)
fuzz_sbt_events_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm

FUZZ_TARGETS += fuzz_perf_text
fuzz_perf_text_SRCS := fuzz/fuzz_perf_text.c tests/unit/perf_script_line.c \
		       $(ANALYZER_CORE_SRCS) \
		       $(ANALYZER_READ_SRCS) common/hist.c $(FUZZ_IO_SRCS)
fuzz_perf_text_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm

FUZZ_TARGETS += fuzz_kernel_desc
fuzz_kernel_desc_SRCS := fuzz/fuzz_kernel_desc.c $(BOOT_CORE_SRCS) \
			 $(COMMON_SRCS) $(COMMON_HOST_SRCS) $(FUZZ_IO_SRCS:common/atomicio.c=)
fuzz_kernel_desc_LDLIBS := -ljansson -lmd -lm

# Each crash the fuzzers found, as a unit test (tests/unit/test_fuzz_regress_*).
UNIT_TESTS += test_fuzz_regress_duration
test_fuzz_regress_duration_SRCS := tests/unit/test_fuzz_regress_duration.c \
				   common/duration.c
test_fuzz_regress_duration_LDLIBS :=

UNIT_TESTS += test_fuzz_regress_json_digits
test_fuzz_regress_json_digits_SRCS := tests/unit/test_fuzz_regress_json_digits.c \
				      common/atomicio.c
test_fuzz_regress_json_digits_LDLIBS := -ljansson

FUZZ_TARGETS += fuzz_tracedat
fuzz_tracedat_SRCS := fuzz/fuzz_tracedat.c fuzz/fuzz_sbt_reader.c \
		      $(ANALYZER_CORE_SRCS) \
		      $(ANALYZER_READ_SRCS) common/hist.c $(FUZZ_IO_SRCS)
fuzz_tracedat_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm

FUZZ_TARGETS += fuzz_perfdata
fuzz_perfdata_SRCS := fuzz/fuzz_perfdata.c fuzz/fuzz_sbt_reader.c \
		      $(ANALYZER_CORE_SRCS) \
		      $(ANALYZER_READ_SRCS) common/hist.c $(FUZZ_IO_SRCS)
fuzz_perfdata_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm
