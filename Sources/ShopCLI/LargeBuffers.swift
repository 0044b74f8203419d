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
}
