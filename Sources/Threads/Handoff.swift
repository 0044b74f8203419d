#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hands values from one thread to one other, in the order they were sent, with at most
/// `capacity` of them waiting: the sender blocks while that many wait, the receiver while none
/// does. The receiver takes exactly as many values as the sender sends.
public final class Handoff<Element>: @unchecked Sendable {
    // The state below is only touched with `mutex` held.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let sentCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let takenCondition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Element] = []
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

    /// Sender side: queues `element`, once fewer than `capacity` wait.
    public func send(_ element: Element) {
        pthread_mutex_lock(mutex)
        while waiting.count >= capacity { pthread_cond_wait(takenCondition, mutex) }
        waiting.append(element)
        pthread_cond_signal(sentCondition)
        pthread_mutex_unlock(mutex)
    }

    /// Receiver side: the oldest value sent and not yet received, once there is one.
    public func receive() -> Element {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while waiting.isEmpty { pthread_cond_wait(sentCondition, mutex) }
        let element = waiting.removeFirst()
        pthread_cond_signal(takenCondition)
        return element
    }
}
