// <stdlib.h> says which C library this is (__GLIBC__).
#include <stdlib.h>

#include "shop_malloc.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int shop_keep_large_buffers_mapped(void) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#else
    return 0;
#endif
}

int shop_give_back_freed_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
