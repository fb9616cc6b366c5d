#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# The gate on real TCG runs of configs/merge-check.json: 10 (REPEATS) runs
# each of baseline, regress-demo and patched, then SPLITS random 5-vs-5
# draws: how often baseline vs baseline (disjoint halves) and baseline vs
# patched read as a regression (target: never), and how often baseline vs
# regress-demo does (target >= 95 %). MERGE_RUNS="DIR..." reuses results
# runs (each kernel's runs are taken from every DIR that has them).
set -euo pipefail
sb=${SB_BIN_DIR:-build/bin}/slicebench
repeats=${REPEATS:-10}
splits=${SPLITS:-200}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=${MERGE_RUNS:-}
if [[ -z $runs ]]; then
	start=$(date +%s)
	"$sb" run --kernel baseline,regress-demo,patched --accel tcg \
		--scenario configs/merge-check.json --repeats "$repeats" \
		--results "$tmp/res" --new >"$tmp/run.log"
	runs=$(readlink -f "$tmp/res/latest")
	echo "figure: $((3 * repeats)) merge-check runs took $(($(date +%s) - start)) s"
fi
read -ra dirs <<<"$runs"
runs_of() { # KERNEL -> its complete run directories in every DIR
	local d
	for d in "${dirs[@]}"; do
		grep -l '"status": "complete"' "$d/$1"/default/[0-9]*/manifest.json 2>/dev/null |
			xargs -r -n1 dirname
	done
}
mapfile -t base < <(runs_of baseline)
mapfile -t demo < <(runs_of regress-demo)
mapfile -t patched < <(runs_of patched)
echo "runs: baseline ${#base[@]}, regress-demo ${#demo[@]}, patched ${#patched[@]}"

# side DIR NAME RUN...: DIR/NAME/default/1.. as links to the runs
side() {
	local dir=$1 name=$2 i=1 r
	shift 2
	mkdir -p "$dir/$name/default"
	for r in "$@"; do
		ln -s "$r" "$dir/$name/default/$i"
		i=$((i + 1))
	done
}
# pick N FROM...: N distinct random elements (bash RANDOM, seeded below)
pick() {
	local n=$1 i j t
	shift
	local a=("$@")
	for ((i = ${#a[@]} - 1; i > 0; i--)); do
		j=$((RANDOM % (i + 1)))
		t=${a[i]} a[i]=${a[j]} a[j]=$t
	done
	printf '%s\n' "${a[@]:0:n}"
}
pairs=()
((${#base[@]} >= 10)) && pairs+=(aa:B)
((${#base[@]} >= 5 && ${#patched[@]} >= 5)) && pairs+=(patched:P)
((${#base[@]} >= 5 && ${#demo[@]} >= 5)) && pairs+=(demo:M)
RANDOM=42
declare -A hits=([aa]=0 [patched]=0 [demo]=0) passes=([aa]=0 [patched]=0 [demo]=0)
# aa: baseline against other baseline runs, patched, demo: regress-demo
for ((s = 1; s <= splits; s++)); do
	d=$tmp/s
	rm -rf "$d"
	mkdir -p "$d"
	cp "${dirs[0]}/scenario.json" "$d/"
	mapfile -t ten < <(pick 10 "${base[@]}")
	side "$d" A "${ten[@]:0:5}"
	side "$d" B "${ten[@]:5:5}"
	if ((${#patched[@]} >= 5)); then
		mapfile -t p < <(pick 5 "${patched[@]}")
		side "$d" P "${p[@]}"
	fi
	if ((${#demo[@]} >= 5)); then
		mapfile -t m < <(pick 5 "${demo[@]}")
		side "$d" M "${m[@]}"
	fi
	for pair in "${pairs[@]}"; do
		rc=0
		"$sb" gate --base "$d:A/default" --cand "$d:${pair#*:}/default" >"$tmp/out" 2>&1 || rc=$?
		((rc == 1)) && hits[${pair%%:*}]=$((hits[${pair%%:*}] + 1))
		((rc == 0)) && passes[${pair%%:*}]=$((passes[${pair%%:*}] + 1))
		((rc == 2)) && cat "$tmp/out" && exit 1
	done
done
declare -A what=([aa]="other baseline runs" [patched]=patched [demo]=regress-demo)
for pair in "${pairs[@]}"; do
	k=${pair%%:*}
	echo "figure: baseline vs ${what[$k]} ($splits random 5v5 draws): regression in ${hits[$k]}, pass in ${passes[$k]}"
done
