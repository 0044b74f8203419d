#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// State shared by threads that wait for one another: a lock over `State` and one condition that
/// every change of it is announced on. A thread that needs the state to be some way waits until
/// it is (``withLock(waitingUntil:_:)``); a thread that changes it wakes the waiting ones, which
/// look again. Where no thread waits, `Synchronization.Mutex` is the lock to use instead.
public final class ConditionLock<State>: @unchecked Sendable {
    // Sendable by construction: `state` is only read or written with `mutex` held, and the
    // pointers are allocated once, in `init`, and freed once, in `deinit`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var state: State

    /// A lock over `state`.
    public init(_ state: State) {
        self.state = state
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held, once `ready` holds for the state (waiting
    /// for a change while it does not), then wakes the threads that wait for a change.
    public func withLock<Result>(
        waitingUntil ready: (State) -> Bool = { _ in true }, _ body: (inout State) -> Result
    ) -> Result {
        pthread_mutex_lock(mutex)
        while !ready(state) { pthread_cond_wait(changed, mutex) }
        let result = body(&state)
        pthread_mutex_unlock(mutex)
        pthread_cond_broadcast(changed)
        return result
    }
}
