# Analyzer: scheduler events into perf-sched-style delay tables.
ANALYZER_SRCS := analyzer/cmd_table.c analyzer/table_run.c
ANALYZER_LDLIBS :=
