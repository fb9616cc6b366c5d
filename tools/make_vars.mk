# SPDX-License-Identifier: GPL-2.0
# The variables a user gives make: one table of each one's default, the
# targets that read it and its meaning. `make help` prints it, and a
# variable given on the command line that none of the goals reads is
# refused (exit 2) rather than silently ignored.

SB_VARS := KERNEL SCENARIO ACCEL RESULTS BASE CAND RULES FUZZ_SECONDS PREFIX DESTDIR

KERNEL ?= debian
KERNEL_reads := bench check
KERNEL_help := kernel(s) under test: kernels/NAME, host, a bzImage, NAME=PATH; a,b for several
# bench's and check's scenario: the one given, else each target's own
SCENARIO ?=
SCENARIO_shown := $(or $(SCENARIO),configs/default.json for bench and configs/merge-check.json for check)
SCENARIO_reads := bench check
SCENARIO_help := scenario file
ACCEL ?= auto
ACCEL_reads := bench check bisect-demo
ACCEL_help := QEMU accelerator: auto, kvm, tcg, icount or virtual
RESULTS ?= results
RESULTS_reads := bench check bisect-demo compare
RESULTS_help := results root directory (compare: RESULTS/latest when BASE= is empty)
# The two sides, as every command's --base/--cand.
BASE ?=
BASE_reads := gate compare check
BASE_help := results for gate and compare: DIR[:KERNEL[/SET]] or DIR/KERNEL/SET; a kernel for check (default baseline)
CAND ?=
CAND_reads := gate compare check
CAND_help := the other side, as BASE= (check: default KERNEL=)
# Gate rules; empty: those the runs' scenario names, else ci/gate.json.
RULES ?=
RULES_reads := gate check
RULES_help := gate rules file; empty: those the scenario names, else ci/gate.json
FUZZ_SECONDS ?= 60
FUZZ_SECONDS_reads := fuzz
FUZZ_SECONDS_help := seconds per fuzz target
# make install: DESTDIR/PREFIX/bin/slicebench and DESTDIR/PREFIX/lib/slicebench
PREFIX ?= /usr/local
PREFIX_reads := install
PREFIX_help := installation prefix
DESTDIR ?=
DESTDIR_reads := install
DESTDIR_help := staging root prepended to PREFIX

# The old names, taken with a word (refused when given with the new one).
define sb_old_var
ifneq ($$($(1)),)
ifneq ($$($(2)),)
$$(error $(1)=$$($(1)) and $(2)=$$($(2)): $(1)= is now $(2)=, give only $(2)=)
endif
ifeq ($$(MAKELEVEL),0)
$$(warning $(1)= is now $(2)= ($(3)): taken as $(2)=$$($(1)))
endif
$(2) := $$($(1))
endif
endef
$(eval $(call sb_old_var,BASE_KERNEL,BASE,the sides of every target as --base and --cand))
$(eval $(call sb_old_var,CHECK_SCENARIO,SCENARIO,one scenario variable for bench and check))

BENCH_SCENARIO := $(or $(SCENARIO),configs/default.json)
CHECK_SCENARIO_FILE := $(or $(SCENARIO),configs/merge-check.json)

# A variable given on the command line to goals that all read something
# but none of them it would be dropped without a word: refuse it.
SB_VAR_GOALS := $(sort $(foreach v,$(SB_VARS),$($(v)_reads)))
ifeq ($(MAKELEVEL),0)
ifneq ($(MAKECMDGOALS),)
ifeq ($(filter-out $(SB_VAR_GOALS),$(MAKECMDGOALS)),)
$(foreach v,$(SB_VARS),$(if $(filter command line,$(origin $(v))),\
	$(if $(filter $($(v)_reads),$(MAKECMDGOALS)),,\
	$(error $(v)=$($(v)) is read by no target of "make $(MAKECMDGOALS)": only by $($(v)_reads) (see make help)))))
endif
endif
endif

# The table: a tab-separated row per variable (name, the targets that
# read it, its meaning and value now), its meaning wrapped to 100 columns.
sb_var_row = printf '%s\t%s\t%s (now: %s)\n' '$(1)' '$($(1)_reads)' '$($(1)_help)' \
	'$(or $($(1)_shown),$(value $(1)),empty)';
SB_VAR_TABLE := awk -F'\t' -f tools/make_vars_table.awk
