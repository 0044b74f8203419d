#ifndef SHOP_WRITEBACK_H
#define SHOP_WRITEBACK_H

/// Asks the system to start writing `count` bytes of the open file `descriptor`, from `offset`
/// on, to its disk now, without waiting for them: Linux's sync_file_range with
/// SYNC_FILE_RANGE_WRITE, which the C library declares only to C code that asks for GNU
/// extensions. Returns 0 once asked, -1 where the system has no such call or refuses it. Only
/// advice: what makes the text durable is the fsync that follows.
int shop_start_writeback(int descriptor, long long offset, long long count);

#endif
