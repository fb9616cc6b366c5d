/* SPDX-License-Identifier: GPL-2.0 */
/* The end of `slicebench run`: the seed's tables, the summary with verdicts, the words, and report.html. */
#ifndef CI_BENCH_END_H
#define CI_BENCH_END_H

#include <stddef.h>
#include <stdio.h>

/*
 * For the run directory @root, print to @f per kernel each feature set's
 * seed-shaped table with its regime, the summary against the first feature
 * set with the gate's verdicts and sentences saying it; with
 * several kernels also the kernels side by side per feature set. Then write
 * @root/report.html and @root/plots/ and print the report's path. Returns
 * an SB_EXIT_* code with @err set: SB_EXIT_USAGE (malformed results or
 * rules), SB_EXIT_UNMEASURED (no complete run, no gnuplot, cannot write). The
 * verdicts are by @rules when not NULL, else by those @root's scenario
 * names, else by ci/gate.json (ci/rules_pick.h); the first line says which.
 */
int ci_bench_end(FILE *f, const char *root, const char *rules, char *err,
		 size_t errlen);

#endif
