/// Hands values from one thread to one other, in the order they were sent, with at most
/// `capacity` of them waiting: the sender blocks while that many wait, the receiver while none
/// does. Either side may end the handoff early: the sender by closing it (the receiver then gets
/// what waits, then nil), the receiver by cancelling it (sends then return false, dropping their
/// value).
public final class Handoff<Element>: Sendable {
    private struct State {
        var waiting: [Element] = []
        var closed = false
        var cancelled = false

        /// The oldest value waiting, removed; nil when none does.
        mutating func takeOldest() -> Element? {
            waiting.isEmpty ? nil : waiting.removeFirst()
        }
    }

    private let state = ConditionLock(State())
    private let capacity: Int

    /// A handoff that holds at most `capacity` values (at least one) waiting.
    public init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Sender side: queues `element`, once fewer than `capacity` wait. Returns false, queuing
    /// nothing, once the receiver has cancelled.
    @discardableResult
    public func send(_ element: Element) -> Bool {
        let capacity = capacity
        return state.withLock(waitingUntil: { $0.waiting.count < capacity || $0.cancelled }) { state in
            guard !state.cancelled else { return false }
            state.waiting.append(element)
            return true
        }
    }

    /// Sender side: no more values will come.
    public func close() {
        state.withLock { $0.closed = true }
    }

    /// Receiver side: the oldest value sent and not yet received, once there is one; nil once the
    /// sender has closed and every value was received.
    public func receive() -> Element? {
        state.withLock(waitingUntil: { !$0.waiting.isEmpty || $0.closed }) { $0.takeOldest() }
    }

    /// Receiver side: the oldest value waiting, without waiting for one; nil when none does.
    public func receiveIfWaiting() -> Element? {
        state.withLock { $0.takeOldest() }
    }

    /// Receiver side: asks the sender to stop; a send blocked now returns false.
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }
}
