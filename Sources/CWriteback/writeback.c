#define _GNU_SOURCE
#include <fcntl.h>

#include "shop_writeback.h"

int shop_start_writeback(int descriptor, long long offset, long long count) {
#if defined(__linux__)
    return sync_file_range(descriptor, (off64_t)offset, (off64_t)count, SYNC_FILE_RANGE_WRITE);
#else
    (void)descriptor;
    (void)offset;
    (void)count;
    return -1;
#endif
}
