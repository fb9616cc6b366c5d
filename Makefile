# SPDX-License-Identifier: GPL-2.0
# slicebench top-level build. Programs, unit tests and test scripts are
# declared in per-directory build.mk fragments; this file holds the rules.

SHELL := /bin/bash
.DEFAULT_GOAL := all

CC := gcc
SAN_CC := clang
BUILD := build
BIN := $(BUILD)/bin
VERSION := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

CPPFLAGS := -D_GNU_SOURCE -DSB_VERSION='"$(VERSION)"' -I.
CFLAGS := -std=c11 -O2 -g -Wall -Wextra -Werror
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all
LDLIBS_JSON := -ljansson
export SLICEBENCH_ROOT := $(CURDIR)

# User variables: their table (`make help`) and the refusal of one no goal reads.
include tools/make_vars.mk

# Filled by the fragments:
#   PROGS += name; name_SRCS, name_LDLIBS, name_STATIC := 1 (static link)
#   CPPFLAGS += include flags of a library a fragment needs
#   UNIT_TESTS += name; name_SRCS, name_LDLIBS (cmocka is added)
PROGS :=
UNIT_TESTS :=
FUZZ_TARGETS :=
include common/build.mk
include workloads/toolout/build.mk
include workloads/build.mk
include workloads/mixload/build.mk
include analyzer/build.mk
include harness/build.mk
include harness/boot/build.mk
include ci/build.mk
include merge/build.mk
include perf/build.mk
include tools/build.mk
-include fuzz/build.mk

# Says the tool's exit code when a target's slicebench command fails.
SB_MAKE_RUN := bash tools/make_run.sh

objs = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(2))

define prog_rule
$(BIN)/$(1): $(call objs,obj,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(CC) $(if $($(1)_STATIC),-static) -o $$@ $$^ $($(1)_LDLIBS)
$(BUILD)/asan/bin/$(1): $(call objs,asan,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(SAN_CC) $(SAN_FLAGS) -o $$@ $$^ $($(1)_LDLIBS)
endef
$(foreach p,$(PROGS),$(eval $(call prog_rule,$(p))))

define test_rule
$(BUILD)/tests/$(1): $(call objs,obj,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(CC) -o $$@ $$^ $($(1)_LDLIBS) -lcmocka
$(BUILD)/asan/tests/$(1): $(call objs,asan,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(SAN_CC) $(SAN_FLAGS) -o $$@ $$^ $($(1)_LDLIBS) -lcmocka
endef
$(foreach t,$(UNIT_TESTS),$(eval $(call test_rule,$(t))))

# Unit tests whose threads hand data to each other, again under
# ThreadSanitizer: TSAN_TESTS += name (a UNIT_TESTS name).
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
define tsan_rule
$(BUILD)/tsan/tests/$(1): $(call objs,tsan,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(SAN_CC) $(TSAN_FLAGS) -o $$@ $$^ $($(1)_LDLIBS) -lcmocka
endef
$(foreach t,$(TSAN_TESTS),$(eval $(call tsan_rule,$(t))))

# Fuzz targets (fuzz/build.mk): FUZZ_TARGETS += name; name_SRCS, name_LDLIBS.
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer
define fuzz_rule
$(BUILD)/fuzz/$(1): $(call objs,fuzzobj,$($(1)_SRCS))
	@mkdir -p $$(@D)
	$(SAN_CC) $(FUZZ_FLAGS) -o $$@ $$^ $($(1)_LDLIBS)
endef
$(foreach f,$(FUZZ_TARGETS),$(eval $(call fuzz_rule,$(f))))

ALL_SRCS := $(sort $(foreach p,$(PROGS) $(UNIT_TESTS),$($(p)_SRCS)))

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/asan/%.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/tsan/%.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(CPPFLAGS) $(CFLAGS) $(TSAN_FLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/fuzzobj/%.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(CPPFLAGS) $(CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
		-fno-omit-frame-pointer -MMD -MP -c -o $@ $<
# A workload's descriptor alone (workloads/registry): "x.desc.c" in a
# source list stands for x.c compiled with SBW_DESCRIPTOR_ONLY.
DESC_FLAGS := -DSBW_DESCRIPTOR_ONLY
$(BUILD)/obj/%.desc.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(DESC_FLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/asan/%.desc.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(CPPFLAGS) $(DESC_FLAGS) $(CFLAGS) $(SAN_FLAGS) -MMD -MP -c -o $@ $<
$(BUILD)/fuzzobj/%.desc.o: %.c
	@mkdir -p $(@D)
	$(SAN_CC) $(CPPFLAGS) $(DESC_FLAGS) $(CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
		-fno-omit-frame-pointer -MMD -MP -c -o $@ $<
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

PROG_BINS := $(addprefix $(BIN)/,$(PROGS))
UNIT_BINS := $(addprefix $(BUILD)/tests/,$(UNIT_TESTS))
ASAN_UNIT_BINS := $(addprefix $(BUILD)/asan/tests/,$(UNIT_TESTS))
ASAN_PROG_BINS := $(addprefix $(BUILD)/asan/bin/,$(PROGS))
TSAN_UNIT_BINS := $(addprefix $(BUILD)/tsan/tests/,$(TSAN_TESTS))
C_FILES = $(shell git ls-files '*.c' '*.h' 2>/dev/null)
SH_FILES = $(shell git ls-files '*.sh' '.ci/run' 'harness/guest/init' 2>/dev/null)

.PHONY: all help deps deps-test test test-run test-unit test-asan test-tsan test-fuzz test-format \
	test-shellcheck test-integration test-asan-integration test-vm perf bench compare gate check \
	bisect-demo lint fuzz install clean

all: $(PROG_BINS) ## build every program into build/bin/

help: ## list targets and variables
	@echo "slicebench — EEVDF custom-slice benchmarks and a latency merge gate"
	@echo
	@echo "Targets:"
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/^[^:]*:([a-z-]+):.*## /\1\t/; s/^([a-z-]+):.*## /\1\t/' | \
		awk -F'\t' '{ printf "  %-18s %s\n", $$1, $$2 }'
	@echo
	@echo "Variables (VAR=VALUE; one given to targets none of which reads it is refused):"
	@{ printf 'VARIABLE\tREAD BY\tMEANING\n'; $(foreach v,$(SB_VARS),$(call sb_var_row,$(v))) \
		printf 'SB_TEST_NO_SKIP\ttest targets (environment)\t1: a skipped test counts as failed, for CI\n'; } | \
		$(SB_VAR_TABLE)
	@echo
	@echo "Exit codes: 0 ok or pass, 1 regression, 2 bad usage or input, 3 cannot decide"
	@echo "  (statistics only: more runs may answer), 4 could not measure (VM, workload,"
	@echo "  dependency, disk, interrupted, features not settable)"

deps: ## install the Debian packages make bench needs, if missing (apt-get; root needed)
	@bash harness/deps.sh bench

deps-test: ## those and the packages only the tests need (linters, cmocka, Chromium, Slurm)
	@bash harness/deps.sh test

test: deps-test ## every test: unit, sanitizers, fuzzers (1 s each), format, lint, integration, VM
	@$(MAKE) --no-print-directory test-run

test-run: all test-format test-shellcheck lint
	@bash tests/run-all.sh

test-unit: $(UNIT_BINS) ## unit tests only
	@bash tests/run-unit.sh $(BUILD)/tests $(UNIT_TESTS)

test-asan: $(ASAN_UNIT_BINS) $(ASAN_PROG_BINS) ## unit tests under ASan+UBSan
	@bash tests/run-unit.sh $(BUILD)/asan/tests $(UNIT_TESTS)

# Built one by one (a target that does not link fails under its name), each
# run for a second: nothing else builds them, so a break would land green.
test-fuzz: $(BUILD)/tests/test_analyzer_tracedat ## build every fuzz target and run each 1 s on its seeds
	@bash tests/run-fuzz.sh $(BUILD)/tests/test_analyzer_tracedat $(FUZZ_TARGETS)

test-tsan: $(TSAN_UNIT_BINS) ## the threaded unit tests under ThreadSanitizer
	@bash tests/run-unit.sh $(BUILD)/tsan/tests $(TSAN_TESTS)

test-format: ## clang-format --dry-run -Werror on all C
	@clang-format --dry-run -Werror $(C_FILES) && echo "format: ok"

test-shellcheck: ## shellcheck on all shell scripts
	@shellcheck -x $(SH_FILES) && echo "shellcheck: ok"

lint: ## cppcheck and clang-tidy on all C (warnings are errors)
	@mkdir -p $(BUILD) && bash tests/lint.sh

test-integration: all $(UNIT_BINS) ## integration tests on the host kernel
	@bash tests/run-scripts.sh integration tests/integration/*.sh

# The host integration tests of the workloads, analyzer, gate and bad
# inputs again, with every program built with ASan+UBSan.
ASAN_INTEGRATION := $(wildcard tests/integration/wl_*.sh tests/integration/mixload_*.sh \
	tests/integration/analyzer_*.sh tests/integration/ci_*.sh \
	tests/integration/fault_bad_input.sh tests/integration/fault_trace.sh \
	tests/integration/fault_fuzz_reproducers.sh tests/integration/fault_hostile.sh \
	tests/integration/fault_outputs_edges.sh tests/integration/fault_edges.sh \
	tests/integration/cli_usage.sh)
test-asan-integration: $(ASAN_PROG_BINS) $(UNIT_BINS) ## host integration tests with ASan+UBSan programs
	@SB_BIN_DIR=$(BUILD)/asan/bin ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/fuzz/lsan.supp:print_suppressions=0 \
		bash tests/run-scripts.sh asan-integration $(ASAN_INTEGRATION)

test-vm: all ## end-to-end VM tests under TCG
	@bash tests/run-scripts.sh vm tests/vm/*.sh

perf: deps-test ## the suite's own benchmarks, as ratios against peers
	@$(MAKE) --no-print-directory all
	@bash tests/run-scripts.sh perf perf/*.sh

bench: deps ## run SCENARIO on KERNEL: the tables, the verdicts in words, report.html
	@$(MAKE) --no-print-directory all
	SLICEBENCH_VIA_MAKE=kernel=KERNEL $(SB_MAKE_RUN) \
	$(BIN)/slicebench run --kernel "$(KERNEL)" --scenario "$(BENCH_SCENARIO)" \
		--accel "$(ACCEL)" --results "$(RESULTS)"

compare: all ## compare BASE (and CAND) results side by side
	$(SB_MAKE_RUN) $(BIN)/slicebench compare $(or $(BASE),$(RESULTS)/latest) $(CAND)

gate: all ## gate CAND against BASE with RULES; exit 1 on regression
	@if [ -z "$(BASE)" ] || [ -z "$(CAND)" ]; then \
		echo "usage: make gate BASE=DIR[:kernel/feature-set] CAND=DIR[:kernel/feature-set] [RULES=FILE]" >&2; \
		echo "  (e.g. BASE=results/latest:debian/NO_PREEMPT_SHORT CAND=results/latest/debian/PREEMPT_SHORT)" >&2; \
		exit 2; fi
	$(SB_MAKE_RUN) $(BIN)/slicebench gate $(if $(RULES),--rules "$(RULES)") --base "$(BASE)" --cand "$(CAND)"

check: deps ## run kernels BASE and CAND in turn until the gate decides (SCENARIO)
	@$(MAKE) --no-print-directory all
	SLICEBENCH_VIA_MAKE="base=BASE cand=$(if $(CAND),CAND,KERNEL)" $(SB_MAKE_RUN) \
	$(BIN)/slicebench check --base "$(or $(BASE),baseline)" --cand "$(or $(CAND),$(KERNEL))" \
		--scenario "$(CHECK_SCENARIO_FILE)" $(if $(RULES),--rules "$(RULES)") \
		--accel "$(ACCEL)" --results "$(RESULTS)"

bisect-demo: deps ## bisect kernels/bisect-demo's 8 patches: prints the first bad one, exit 0
	@$(MAKE) --no-print-directory all
	$(SB_MAKE_RUN) $(BIN)/slicebench bisect --good bisect-demo+0 --bad bisect-demo \
		--scenario configs/bisect.json --accel "$(ACCEL)" --results "$(RESULTS)"

fuzz: $(addprefix $(BUILD)/fuzz/,$(FUZZ_TARGETS)) $(BUILD)/tests/test_analyzer_tracedat ## run each fuzz target FUZZ_SECONDS on its seeds
	@bash fuzz/seeds.sh $(BUILD)/fuzz/seeds $(BUILD)/tests/test_analyzer_tracedat
	@bash fuzz/run.sh "$(FUZZ_SECONDS)" $(FUZZ_TARGETS)

install: all ## install under DESTDIR/PREFIX: bin/slicebench (on PATH), lib/slicebench
	@bash tools/install.sh "$(DESTDIR)" "$(PREFIX)"

clean: ## remove build/
	rm -rf $(BUILD)
