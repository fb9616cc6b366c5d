#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages slicebench needs, only those missing: `bench`
# (make bench, check, gate: build, boot, record, plot) or `test` (those and
# the ones only the tests, linters and the suite's own benchmarks use).
set -euo pipefail

bench=(
	gcc make pkg-config libjansson-dev libmd-dev libnuma-dev
	libtracecmd-dev libtracefs-dev libtraceevent-dev trace-cmd
	rt-tests stress-ng linux-perf gnuplot-nox
	qemu-system-x86 busybox-static cpio zstd xz-utils ccache
	linux-source-6.12 bc bison flex libelf-dev libssl-dev
)
test_only=(
	clang clang-format clang-tidy cppcheck shellcheck
	libclang-rt-14-dev libcmocka-dev hyperfine jq chromium
	parallel slurmctld slurmd slurm-client munge
)

case ${1:-} in
bench) packages=("${bench[@]}") ;;
test) packages=("${bench[@]}" "${test_only[@]}") ;;
*)
	echo "usage: harness/deps.sh bench|test" >&2
	exit 2
	;;
esac

missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[[ $status == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
	echo "deps ($1): all ${#packages[@]} packages present"
	exit 0
fi
if ((EUID != 0)); then
	echo "deps ($1): missing ${missing[*]}; run as root:" >&2
	echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
	exit 4
fi
echo "deps ($1): installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
