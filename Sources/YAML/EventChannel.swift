#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands chunks of events from the thread that runs libyaml to the thread that builds the tree, and
/// the emptied chunks back, so that a read of any size keeps only a few chunks in memory.
///
/// The producer blocks while `depth` filled chunks wait; the consumer blocks while none does.
/// Either side may stop early: the consumer by cancelling, the producer by closing.
final class EventChannel: @unchecked Sendable {
    // The state below is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let filledCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let spaceCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var filled: [EventChunk] = []
    private var empty: [EventChunk] = []
    private var closed = false
    private var cancelled = false
    private let depth: Int
    /// The capacity of the chunks the channel makes when none comes back in time.
    private let chunkCapacity: Int

    init(depth: Int = 3, chunkCapacity: Int) {
        self.depth = depth
        self.chunkCapacity = chunkCapacity
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(filledCondition, nil)
        pthread_cond_init(spaceCondition, nil)
    }

    deinit {
        pthread_cond_destroy(spaceCondition)
        pthread_cond_destroy(filledCondition)
        pthread_mutex_destroy(mutex)
        spaceCondition.deallocate()
        filledCondition.deallocate()
        mutex.deallocate()
    }

    /// Producer side: queues `chunk` and returns an empty one to fill next. Returns nil, queuing
    /// nothing, once the consumer has cancelled.
    func send(_ chunk: EventChunk) -> EventChunk? {
        pthread_mutex_lock(mutex)
        while filled.count >= depth && !cancelled {
            pthread_cond_wait(spaceCondition, mutex)
        }
        if cancelled {
            pthread_mutex_unlock(mutex)
            return nil
        }
        filled.append(chunk)
        let next = empty.popLast()
        pthread_cond_signal(filledCondition)
        pthread_mutex_unlock(mutex)
        guard let next else { return EventChunk(capacity: chunkCapacity) }
        next.reset()
        return next
    }

    /// Producer side: no more chunks will come.
    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_signal(filledCondition)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer side: the next filled chunk, or nil once the producer has closed and all were taken.
    func receive() -> EventChunk? {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while filled.isEmpty && !closed {
            pthread_cond_wait(filledCondition, mutex)
        }
        if filled.isEmpty { return nil }
        let chunk = filled.removeFirst()
        pthread_cond_signal(spaceCondition)
        return chunk
    }

    /// Consumer side: gives a used chunk back for the producer to fill again.
    func recycle(_ chunk: EventChunk) {
        pthread_mutex_lock(mutex)
        empty.append(chunk)
        pthread_mutex_unlock(mutex)
    }

    /// Consumer side: asks the producer to stop at its next hand-over.
    func cancel() {
        pthread_mutex_lock(mutex)
        cancelled = true
        pthread_cond_signal(spaceCondition)
        pthread_mutex_unlock(mutex)
    }
}
