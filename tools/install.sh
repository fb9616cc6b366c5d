#!/usr/bin/env bash
# `make install`: slicebench's programs and the files it reads at run time
# (guest init, kernel descriptors, scenarios, rules, plot scripts) under
# DESTDIR/PREFIX/lib/slicebench, and DESTDIR/PREFIX/bin/slicebench on PATH
# (a relative link: the tool finds its files above its real path).
# usage: install.sh DESTDIR PREFIX
set -euo pipefail
dest=$1$2
lib=$dest/lib/slicebench
install -d "$lib/build/bin" "$lib/harness/guest" "$lib/ci" "$dest/bin"
install -m 0755 build/bin/* "$lib/build/bin/"
install -m 0755 harness/guest/init "$lib/harness/guest/init"
install -m 0644 ci/*.json "$lib/ci/"
for dir in configs kernels ci/plots; do
	find "$dir" -type f | while read -r f; do
		install -D -m 0644 "$f" "$lib/$f"
	done
done
ln -sfn ../lib/slicebench/build/bin/slicebench "$dest/bin/slicebench"
echo "installed: $dest/bin/slicebench ($lib)"
