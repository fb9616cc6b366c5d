# Analyzer: scheduler events into perf-sched-style delay tables.
ANALYZER_CORE_SRCS := analyzer/sbt.c analyzer/sbt_table.c analyzer/hist_pool.c \
		      analyzer/huge_map.c
# The readers (with the error record they fill, common/error.c).
ANALYZER_READ_SRCS := analyzer/read_trace.c analyzer/read_perfdata.c \
		      analyzer/perfdata_file.c analyzer/host_formats.c analyzer/sched_decode.c \
		      analyzer/ev_order.c analyzer/ev_pipe.c \
		      analyzer/read_ahead.c analyzer/probe.c analyzer/read_tracedat.c \
		      analyzer/tracecmd_lib.c \
		      analyzer/rb_page.c analyzer/tracedat_check.c \
		      common/error.c common/tracefs_dir.c common/atomicio.c
ANALYZER_SRCS := $(ANALYZER_CORE_SRCS) $(ANALYZER_READ_SRCS) \
		 analyzer/fmt_text.c analyzer/fmt_json.c analyzer/analyze.c \
		 analyzer/cmd_table.c analyzer/table_input.c analyzer/table_run.c
ANALYZER_LDLIBS := $(shell pkg-config --libs libtraceevent) -lpthread
CPPFLAGS += $(shell pkg-config --cflags libtracecmd)

UNIT_TESTS += test_analyzer_core test_analyzer_read test_analyzer_tracedat
test_analyzer_core_SRCS := tests/unit/test_analyzer_core.c \
			   $(ANALYZER_CORE_SRCS) common/hist.c
test_analyzer_core_LDLIBS := -ljansson -lm
test_analyzer_read_SRCS := tests/unit/test_analyzer_read.c \
			   tests/unit/perf_script_line.c $(ANALYZER_READ_SRCS) $(ANALYZER_CORE_SRCS) common/hist.c
test_analyzer_read_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm
test_analyzer_tracedat_SRCS := tests/unit/test_analyzer_tracedat.c \
			       tests/unit/test_analyzer_writer.c \
			       tests/unit/perf_script_line.c $(ANALYZER_READ_SRCS) $(ANALYZER_CORE_SRCS) \
			       common/hist.c
test_analyzer_tracedat_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm
UNIT_TESTS += test_analyzer_run
test_analyzer_run_SRCS := tests/unit/test_analyzer_run.c \
			  tests/unit/test_analyzer_writer.c $(ANALYZER_SRCS) \
			  common/hist.c common/atomicio.c common/outfile.c common/outcheck.c \
			  common/envelope.c \
			  common/error.c \
			  common/opts.c common/cmd_opts.c common/valcheck.c \
			  common/cpulist.c common/duration.c
test_analyzer_run_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm
UNIT_TESTS += test_analyzer_order
test_analyzer_order_SRCS := tests/unit/test_analyzer_order.c \
			    analyzer/ev_order.c analyzer/ev_pipe.c analyzer/huge_map.c \
			    analyzer/read_ahead.c
test_analyzer_order_LDLIBS := -lpthread
TSAN_TESTS += test_analyzer_order
UNIT_TESTS += test_rb_page
test_rb_page_SRCS := tests/unit/test_rb_page.c analyzer/rb_page.c
