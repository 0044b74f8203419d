#ifndef SHOP_MALLOC_H
#define SHOP_MALLOC_H

/// Has glibc's malloc map every buffer of 128 KiB or more on its own, and unmap it when freed:
/// mallopt(M_MMAP_THRESHOLD), which <malloc.h> declares and Swift's Glibc module does not show.
/// Without it, glibc raises that size to the size of the largest mapped buffer freed so far, and
/// later buffers below it come from the heap, whose freed pages it keeps. Returns 1 once set, 0
/// where the C library has no such setting.
int shop_keep_large_buffers_mapped(void);

/// Gives the whole pages of memory freed in every arena back to the system: malloc_trim(0).
/// Small buffers freed (thousands of findings) stay in glibc's free lists otherwise, counted
/// as resident, though the next read's tables may not fit in them. Returns 1 when memory was
/// given back, 0 when none was or where the C library has no such call.
int shop_give_back_freed_memory(void);

#endif
