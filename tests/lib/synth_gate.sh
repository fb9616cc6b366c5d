# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# What the gate tests on synthetic runs (tests/integration/ci_gate_*.sh)
# share, sourced after tests/lib/common.sh: an untouched pair of sides in
# $r, a copy of it in $tmp/c to break, and the gate of the two.
# shellcheck disable=SC2154 # tmp and sb: set by tests/lib/common.sh

r=$tmp/r

# synth_pair N: N runs of debian/BASE and of debian/CAND in $r (tests/
# fixtures/ci/synth.sh, seeds 1 and 2) at run CoV 1 %: a pair that passes.
synth_pair() {
	bash tests/fixtures/ci/synth.sh "$r" debian BASE "$1" 1 run_sd=0.01 iv_sd=0.05
	bash tests/fixtures/ci/synth.sh "$r" debian CAND "$1" 2 run_sd=0.01 iv_sd=0.05
}

# fresh: $tmp/c, a copy of the untouched pair
fresh() {
	rm -rf "$tmp/c" && cp -r "$r" "$tmp/c"
}

# edit JQ FILE...: each FILE rewritten by JQ
edit() {
	local prog=$1 f
	shift
	for f in "$@"; do
		jq "$prog" "$f" >"$f.x" && mv "$f.x" "$f"
	done
}

# gate RULES [BASE] [more options]: the gate of BASE (debian/BASE of $r) and
# $tmp/c's debian/CAND under --rules RULES ("": the default's, whose
# optional rules may name groups on neither side); its exit code in $rc,
# its output in $tmp/out and $tmp/err.
gate() {
	local rules=$1 base=${2:-$r:debian/BASE}
	shift $(($# > 1 ? 2 : 1))
	rc_of "$sb" gate ${rules:+--rules "$rules"} --base "$base" --cand "$tmp/c:debian/CAND" "$@" \
		>"$tmp/out" 2>"$tmp/err"
}
