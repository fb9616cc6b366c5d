#!/usr/bin/env bash
# Runs one slicebench command for a make target and, when it fails, names
# the tool's own exit code: GNU make turns every failed recipe into 2.
# bisect's 1 is no regression between its ends (git bisect run's sense:
# 0 is the answer, the first bad patch).
"$@"
rc=$?
((rc == 0)) && exit 0
case $rc in
1) what="regression found" && [[ ${2-} == bisect ]] && what="no regression: nothing to bisect" ;;
2) what="bad usage or input" ;;
3) what="cannot decide" ;;
4) what="could not measure" ;;
*) what="ended by signal $((rc > 128 ? rc - 128 : 0))" ;;
esac
printf 'make: slicebench exited %d (%s); make itself exits 2 on any failure: for the code, call %s directly\n' \
	"$rc" "$what" "$1" >&2
exit "$rc"
