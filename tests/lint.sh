#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# make lint: cppcheck and clang-tidy over the project's C, warnings are errors.
set -euo pipefail
mapfile -t files < <(git ls-files '*.c')
inc=(-I. -D_GNU_SOURCE)
read -ra extra <<<"$(pkg-config --cflags libtracecmd libtracefs libtraceevent 2>/dev/null || true)"
cppcheck --enable=warning,performance,portability --error-exitcode=1 \
	--inline-suppr -q --std=c11 "${inc[@]}" "${files[@]}"
echo "cppcheck: ok (${#files[@]} files)"

# clang-tidy finds its flags in compile_flags.txt at the top (git-ignored).
printf '%s\n' -std=c11 "${inc[@]}" "${extra[@]}" >compile_flags.txt
checks='-*,clang-analyzer-*,bugprone-*'
checks+=',-bugprone-easily-swappable-parameters,-bugprone-reserved-identifier'
checks+=',-bugprone-narrowing-conversions,-bugprone-assignment-in-if-condition'
checks+=',-clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling'
# Kernel idioms: `if (strcmp(a, b))`, bounded strcpy into sized buffers,
# int arithmetic widened on purpose.
checks+=',-bugprone-suspicious-string-compare,-clang-analyzer-security.insecureAPI.strcpy'
checks+=',-bugprone-implicit-widening-of-multiplication-result'
# False positives in clang-tidy 14: sizeof(*p) of pointer arrays, exact integer division in tests.
checks+=',-bugprone-sizeof-expression,-bugprone-integer-division'
if ! printf '%s\n' "${files[@]}" | xargs -P "$(nproc)" -n 1 clang-tidy \
	-quiet --warnings-as-errors='*' --checks="$checks" \
	>build/clang-tidy.log 2>&1; then
	grep -v 'warnings generated' build/clang-tidy.log
	echo "clang-tidy: failed"
	exit 1
fi
echo "clang-tidy: ok"
