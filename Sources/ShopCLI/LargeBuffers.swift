import CMalloc

/// How the commands that free a whole text before their peak give its memory back.
enum LargeBuffers {
    /// Has every buffer of 128 KiB or more mapped on its own and unmapped when freed.
    ///
    /// `history` frees each version's text before the next one is read, and `check --fix` frees
    /// the text as read before it prints the fixed one. glibc raises the size from which it maps
    /// a buffer of its own to the size of a mapped buffer freed, so the next text and tables would
    /// come from the heap, whose freed pages it keeps: fixing the size at its default (128 KiB)
    /// gives them back. Measured on the 10.7 MB list: three versions of `history` 35.4 MB at the
    /// peak without, 31.8 MB with; `check --fix` with 7,024 fixes 45.5 MB without, 38.8 MB with;
    /// in the same time. The commands that read one file free no buffer that large before their
    /// peak: for them it changed nothing (`list --names`, `export`, `check`, `fmt -`, within
    /// 0.4 MB), so it is set only where it helps.
    static func giveBackWhenFreed() {
        _ = shop_keep_large_buffers_mapped()
    }

    /// Gives back to the system the whole pages that freed buffers left in glibc's free lists.
    ///
    /// A round of `check --fix` lets go of the text it started from and of its findings (7,024
    /// of them, a few hundred bytes each, on a list with a fix every 10th item) before its own text
    /// comes back from the spool. glibc keeps the small ones' pages, resident, and the next check's
    /// tables do not all fit in them. Measured on the 10.7 MB list with 7,024 fixes: resident
    /// memory when the fixed text is back 23.3 MB without, 20.0 MB with; the peak, in the check
    /// of that text, 26.8 MB without, and with it no higher than the first check's (25.8 MB).
    static func giveBackFreed() {
        _ = shop_give_back_freed_memory()
    }
}
