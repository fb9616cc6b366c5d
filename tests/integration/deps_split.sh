#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# harness/deps.sh: `make bench`'s list (deps bench) leaves out what only the
# tests use (Chromium, the linters, cmocka), `make test`'s list (deps test)
# has both; it installs only what is missing, and a bad list name is exit 2.
# dpkg-query and apt-get are stand-ins on PATH: nothing is installed.
# shellcheck source=tests/lib/common.sh
source "$(dirname "$0")/../lib/common.sh"

fake=$tmp/bin
mkdir -p "$fake"
# dpkg-query: the packages listed in $tmp/installed are installed.
cat >"$fake/dpkg-query" <<'SH'
#!/bin/sh
p=$(eval echo "\${$#}")
grep -qx "$p" "$INSTALLED" && printf 'install ok installed' && exit 0
exit 1
SH
cat >"$fake/apt-get" <<'SH'
#!/bin/sh
echo "$@" >>"$APT_LOG"
SH
chmod +x "$fake/dpkg-query" "$fake/apt-get"

deps() { # deps LIST: run deps.sh (as root) with the stand-ins
	: >"$tmp/apt.log"
	PATH=$fake:$PATH INSTALLED=$tmp/installed APT_LOG=$tmp/apt.log \
		bash harness/deps.sh "$1" >"$tmp/out" 2>&1
}

printf 'gcc\nmake\n' >"$tmp/installed"
if ((EUID == 0)); then
	deps bench
	install=$(grep '^install' "$tmp/apt.log" || true)
	echo "bench installs: $install"
	check "bench installs QEMU and gnuplot" bash -c "grep -qw qemu-system-x86 <<<'$install' && grep -qw gnuplot-nox <<<'$install'"
	check "bench does not install Chromium" bash -c "! grep -qw chromium <<<'$install'"
	check "bench does not install the linters or cmocka" bash -c "! grep -qwE 'clang-tidy|cppcheck|shellcheck|libcmocka-dev' <<<'$install'"
	check "what is installed is not asked for again" bash -c "! grep -qwE 'gcc|make' <<<'$install'"
	deps test
	install=$(grep '^install' "$tmp/apt.log" || true)
	check "test installs Chromium and QEMU" bash -c "grep -qw chromium <<<'$install' && grep -qw qemu-system-x86 <<<'$install'"
fi

# As another user nothing is installed: the command to run is printed, exit 4.
if id nobody >/dev/null 2>&1 && ((EUID == 0)); then
	chmod 755 "$tmp" "$fake"
	expect_rc 4 setpriv --reuid=nobody --regid=nogroup --clear-groups env \
		PATH="$fake:$PATH" INSTALLED="$tmp/installed" bash harness/deps.sh bench
	check "non-root: the missing packages named, without Chromium" \
		bash -c "grep -q 'qemu-system-x86' '$tmp/err' && ! grep -qw chromium '$tmp/err'"
fi
expect_rc 2 bash harness/deps.sh nonsense
check "a bad list name: usage" grep -q 'usage: harness/deps.sh bench|test' "$tmp/err"
check "make deps is the bench list, make test's deps the test list" \
	bash -c "make -n deps | grep -q 'deps.sh bench' && make -n deps-test | grep -q 'deps.sh test' && grep -q '^test: deps-test ' Makefile && grep -q '^bench: deps ' Makefile"
finish
