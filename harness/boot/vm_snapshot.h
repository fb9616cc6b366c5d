/* SPDX-License-Identifier: GPL-2.0 */
/* Boot once per kernel and guest shape, restore per run: the snapshot's key, its making, the restore, the fallback. */
#ifndef SB_VM_SNAPSHOT_H
#define SB_VM_SNAPSHOT_H

#include "harness/boot/vm.h"

/*
 * Run @req (with params and snapshot_append) under @res->accel by
 * restoring the guest from the snapshot of its kernel, initrd, QEMU and
 * shape, made first when the kernel cache has none; a full boot of @req
 * when the snapshot cannot be made or restored, said in res->start_note.
 * Returns what vm_boot returns.
 */
int vm_snapshot_run(const struct vm_request *req, struct vm_result *res);

/*
 * Room for one more snapshot in @dir: all but the SNAPSHOTS_KEPT - 1 last
 * used (their mtime is their last use) deleted, with their RAM files and
 * makers' lock files, and the lock files (with any RAM file) of snapshots
 * no longer there, unless a maker holds one.
 */
void vm_snapshot_prune(const char *dir);

/* Can runs under @accel be restored? (its row's restores: tcg, virtual;
 * icount and KVM not yet: not measured) */
int vm_snapshot_supported(const char *accel);

#endif
