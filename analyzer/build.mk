# Analyzer: scheduler events into perf-sched-style delay tables.
ANALYZER_SRCS := analyzer/sbt.c analyzer/sbt_table.c analyzer/fmt_text.c \
		 analyzer/fmt_json.c analyzer/read_trace.c analyzer/read_perf.c \
		 analyzer/read_tracedat.c analyzer/analyze.c \
		 analyzer/cmd_table.c analyzer/table_run.c
ANALYZER_LDLIBS := $(shell pkg-config --libs libtracecmd)
CPPFLAGS += $(shell pkg-config --cflags libtracecmd)
ANALYZER_CORE_SRCS := analyzer/sbt.c analyzer/sbt_table.c common/hist.c
UNIT_TESTS += test_analyzer_core
test_analyzer_core_SRCS := tests/unit/test_analyzer_core.c $(ANALYZER_CORE_SRCS)
test_analyzer_core_LDLIBS := -ljansson -lm
UNIT_TESTS += test_analyzer_read
test_analyzer_read_SRCS := tests/unit/test_analyzer_read.c analyzer/read_trace.c \
			   analyzer/read_perf.c analyzer/read_tracedat.c \
			   $(ANALYZER_CORE_SRCS)
test_analyzer_read_LDLIBS := $(ANALYZER_LDLIBS) -ljansson -lm
