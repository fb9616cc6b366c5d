#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# tests/layers.sh: the repository's includes point down and close no loop;
# on small made-up trees it names an include up a layer, one between
# sibling rooms and files that include each other, and accepts a command
# over its libraries.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
require tsort

expect_rc 0 bash tests/layers.sh
check "the repository's includes point down" grep -q '^layers: ok' "$tmp/out"

# tree NAME: a made-up repository in $tmp/NAME with a kernel, its
# backends below it, and a command over a library; the test adds to it.
tree() {
	local r=$tmp/$1
	mkdir -p "$r"/{common,workloads,analyzer,ci,harness/boot,tools}
	printf '#include "common/a.h"\n' >"$r/common/a.c"
	: >"$r/common/a.h"
	printf '#include "harness/boot/kernel_backends.h"\n' >"$r/harness/boot/kernel.c"
	: >"$r/harness/boot/kernel.h"
	printf '#include "harness/boot/kernel_info.h"\n' >"$r/harness/boot/kernel_backends.h"
	: >"$r/harness/boot/kernel_info.h"
	printf '#include "harness/x.h"\n#include "ci/y.h"\n' >"$r/harness/cmd_x.c"
	: >"$r/harness/x.h"
	printf '#include "common/a.h"\n' >"$r/ci/y.h"
	echo "$r"
}

r=$(tree down)
expect_rc 0 bash tests/layers.sh "$r"
check "a command over its libraries passes" grep -q '^layers: ok' "$tmp/out"

r=$(tree up)
printf '#include "ci/y.h"\n' >"$r/common/b.c"
expect_rc 1 bash tests/layers.sh "$r"
check "an include up a layer is named" grep -qF \
	'common/b.c includes ci/y.h: common/ (layer 0) is not above ci/ (layer 5)' "$tmp/out"

r=$(tree merge)
mkdir -p "$r/merge"
printf '#include "harness/x.h"\n#include "ci/y.h"\n' >"$r/merge/m.c"
expect_rc 0 bash tests/layers.sh "$r"
check "merge/ over harness/ and ci/ passes" grep -q '^layers: ok' "$tmp/out"
printf '#include "merge/m.h"\n' >"$r/harness/x.c"
: >"$r/merge/m.h"
expect_rc 1 bash tests/layers.sh "$r"
check "harness/ including merge/ is named" grep -qF \
	'harness/x.c includes merge/m.h: harness/ (layer 7) is not above merge/ (layer 8)' "$tmp/out"
printf '#include "harness/scale/s.h"\n' >"$r/merge/n.c"
mkdir -p "$r/harness/scale" && : >"$r/harness/scale/s.h"
rm "$r/harness/x.c"
expect_rc 1 bash tests/layers.sh "$r"
check "merge/ and harness/scale/ are siblings" grep -qF \
	'merge/n.c includes harness/scale/s.h' "$tmp/out"

r=$(tree sibling)
printf '#include "workloads/w.h"\n' >"$r/analyzer/a.c"
: >"$r/workloads/w.h"
expect_rc 1 bash tests/layers.sh "$r"
check "an include between sibling rooms is named" grep -qF \
	'analyzer/a.c includes workloads/w.h' "$tmp/out"

r=$(tree loop)
printf '#include "ci/q.h"\n' >"$r/ci/p.c"
printf '#include "ci/p.h"\n' >"$r/ci/q.c"
: >"$r/ci/p.h"
: >"$r/ci/q.h"
expect_rc 1 bash tests/layers.sh "$r"
check "files that include each other are named" \
	bash -c "grep -q 'loop:' '$tmp/out' && grep -qx '    ci/p' '$tmp/out' && grep -qx '    ci/q' '$tmp/out'"
check "only the loop is named" bash -c "! grep -q 'harness/boot/kernel' '$tmp/out'"

finish
