#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages slicebench needs, only those missing.
set -euo pipefail

packages=(
	gcc make clang clang-format clang-tidy cppcheck shellcheck pkg-config
	libclang-rt-14-dev libcmocka-dev libjansson-dev libmd-dev libnuma-dev
	libtracecmd-dev libtracefs-dev libtraceevent-dev trace-cmd
	rt-tests stress-ng linux-perf hyperfine gnuplot-nox jq chromium
	qemu-system-x86 busybox-static cpio zstd xz-utils ccache
	linux-source-6.12 bc bison flex libelf-dev libssl-dev
	parallel slurmctld slurmd slurm-client munge
)

missing=()
for p in "${packages[@]}"; do
	status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	[[ $status == "install ok installed" ]] || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
	echo "deps: all ${#packages[@]} packages present"
	exit 0
fi
if ((EUID != 0)); then
	echo "deps: missing ${missing[*]}; run as root:" >&2
	echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
	exit 3
fi
echo "deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
