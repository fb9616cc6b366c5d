# The slicebench front end, linking every part's subcommand.
PROGS += slicebench
slicebench_SRCS := tools/slicebench.c $(COMMON_SRCS) $(COMMON_HOST_SRCS) \
		   $(HARNESS_SRCS) $(MERGE_SRCS) \
		   $(BOOT_SRCS) $(ANALYZER_SRCS) $(CI_SRCS)
slicebench_LDLIBS := -ljansson -lmd $(ANALYZER_LDLIBS) -lm -lpthread

# The reference of the config files, from the reader's tables (make docs-formats).
PROGS += format_docs
format_docs_SRCS := tools/format_docs.c harness/scenario.c harness/workload.c \
		    $(WL_REGISTRY_SRCS) ci/rules.c ci/metrics.c ci/noise_store.c \
		    ci/sizing.c ci/drift.c ci/gate_pooled.c ci/gate_pooled_ratio.c ci/gate_pooled_rule.c \
		    ci/stats.c ci/table_file.c ci/manifest_file.c ci/schedstat_file.c \
		    ci/published_file.c \
		    merge/bisect_log.c merge/check_journal.c harness/plan.c \
		    $(BOOT_CORE_SRCS) \
		    $(COMMON_SRCS) $(COMMON_HOST_SRCS)
format_docs_LDLIBS := -ljansson -lmd -lm

.PHONY: docs-formats
docs-formats: $(BUILD)/bin/format_docs ## regenerate docs/config-formats.md and docs/formats.md from the readers' tables
	$(BUILD)/bin/format_docs -o docs/config-formats.md
	$(BUILD)/bin/format_docs --prose docs/formats.in.md -o docs/formats.md

.PHONY: docs-cli
docs-cli: all ## regenerate docs/cli.md: every command's --help, from the option tables
	bash tools/cli_docs.sh $(BUILD)/bin >docs/cli.md
