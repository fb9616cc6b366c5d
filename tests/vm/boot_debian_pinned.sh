#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# VM test: a Debian kernel pinned to a point release (KERNEL=debian@VERSION)
# is resolved from the versions apt offers, fetched, and boots the smoke
# scenario once; the manifest records that exact package version.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"
echo "check: kernel list shows the point releases apt offers"
"$sb" kernel list >"$tmp/list"
offers=$(grep -A1 '^debian ' "$tmp/list" | sed -n 's/.*apt offers \(.*\) (debian@VERSION)/\1/p')
read -ra versions <<<"$offers"
((${#versions[@]} >= 2)) || fail "fewer than 2 versions offered: '$offers'"
v=${versions[1]} # not the newest: the one a stable update would replace
echo "pinned: debian@$v (offered: $offers)"

echo "check: debian@$v resolves to that release and fetches"
"$sb" kernel fetch "debian@$v" >"$tmp/ki.json"
jq -e --arg v "$v" '.name == "debian@" + $v and (.release | startswith($v + "+")) and
	(.source | test("^linux-image-" + ($v | gsub("\\."; "\\.")) + "\\+.*=" + $v + "-"))' \
	"$tmp/ki.json" >/dev/null || fail "kernel fetch: $(jq -c . "$tmp/ki.json")"

echo "check: an unknown point release is refused with exit 4, naming it"
rc=0
"$sb" kernel fetch debian@6.12.1 >/dev/null 2>"$tmp/err" || rc=$?
if ((rc != 4)) || ! grep -q 'of 6.12.1 ' "$tmp/err"; then
	fail "exit $rc: $(cat "$tmp/err")"
fi

echo "check: debian@$v boots the smoke scenario; the manifest has the exact version"
jq '.feature_sets = [.feature_sets[1]]' configs/smoke.json >"$tmp/smoke1.json"
"$sb" run --kernel "debian@$v" --scenario "$tmp/smoke1.json" --accel tcg \
	--results "$tmp/res" >"$tmp/out" 2>&1 || { cat "$tmp/out"; fail "run exited"; }
m=$(readlink -f "$tmp/res/latest")/debian@$v/PREEMPT_SHORT/1/manifest.json
jq -e --arg v "$v" '.status == "complete" and .kernel.name == "debian@" + $v and
	(.kernel.release | startswith($v + "+")) and (.kernel.source | contains("=" + $v + "-"))' \
	"$m" >/dev/null || fail "$m: $(jq -c .kernel "$m")"
grep -q "== debian@$v / PREEMPT_SHORT: 1 repeat" "$tmp/out" || fail "no table in: $(tail "$tmp/out")"
finish
