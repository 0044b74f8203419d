#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands values from one thread to one other, in the order they were sent, with at most
/// `capacity` of them waiting: the sender blocks while that many wait, the receiver while none
/// does. Either side may end the handoff early: the sender by closing it (the receiver then gets
/// what waits, then nil), the receiver by cancelling it (sends then return false, dropping their
/// value).
public final class Handoff<Element>: @unchecked Sendable {
    // The state below is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let sentCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let takenCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Element] = []
    private var closed = false
    private var cancelled = false
    private let capacity: Int

    /// A handoff that holds at most `capacity` values (at least one) waiting.
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(sentCondition, nil)
        pthread_cond_init(takenCondition, nil)
    }

    deinit {
        pthread_cond_destroy(takenCondition)
        pthread_cond_destroy(sentCondition)
        pthread_mutex_destroy(mutex)
        takenCondition.deallocate()
        sentCondition.deallocate()
        mutex.deallocate()
    }

    /// Sender side: queues `element`, once fewer than `capacity` wait. Returns false, queuing
    /// nothing, once the receiver has cancelled.
    @discardableResult
    public func send(_ element: Element) -> Bool {
        locked {
            while waiting.count >= capacity && !cancelled { pthread_cond_wait(takenCondition, mutex) }
            guard !cancelled else { return false }
            waiting.append(element)
            pthread_cond_signal(sentCondition)
            return true
        }
    }

    /// Sender side: no more values will come.
    public func close() {
        locked {
            closed = true
            pthread_cond_signal(sentCondition)
        }
    }

    /// Receiver side: the oldest value sent and not yet received, once there is one; nil once the
    /// sender has closed and every value was received.
    public func receive() -> Element? {
        locked {
            while waiting.isEmpty && !closed { pthread_cond_wait(sentCondition, mutex) }
            return takeOldest()
        }
    }

    /// Receiver side: the oldest value waiting, without waiting for one; nil when none does.
    public func receiveIfWaiting() -> Element? {
        locked { takeOldest() }
    }

    /// Receiver side: asks the sender to stop; a send blocked now returns false.
    public func cancel() {
        locked {
            cancelled = true
            pthread_cond_signal(takenCondition)
        }
    }

    /// `body`, with `mutex` held.
    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// The oldest value waiting, removed; `mutex` is held.
    private func takeOldest() -> Element? {
        guard !waiting.isEmpty else { return nil }
        let element = waiting.removeFirst()
        pthread_cond_signal(takenCondition)
        return element
    }
}
