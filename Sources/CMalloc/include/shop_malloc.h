#ifndef SHOP_MALLOC_H
#define SHOP_MALLOC_H

/// Has glibc's malloc map every buffer of 128 KiB or more on its own, and unmap it when freed:
/// mallopt(M_MMAP_THRESHOLD), which <malloc.h> declares and Swift's Glibc module does not show.
/// Without it, glibc raises that size to the size of the largest mapped buffer freed so far, and
/// later buffers below it come from the heap, whose freed pages it keeps. Returns 1 once set, 0
/// where the C library has no such setting.
int shop_keep_large_buffers_mapped(void);

#endif
