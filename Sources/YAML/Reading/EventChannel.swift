import Threads

/// Hands chunks of events from the thread that runs libyaml to the thread that builds the tree, and
/// the emptied chunks back, so that a read of any size keeps only a few chunks in memory.
///
/// The producer blocks while `depth` filled chunks wait; the consumer blocks while none does.
/// Either side may stop early: the consumer by cancelling, the producer by closing.
final class EventChannel: Sendable {
    /// Filled chunks, producer to consumer.
    private let filled: Handoff<EventChunk>
    /// Emptied chunks, consumer to producer. There are never more chunks than `depth` filled,
    /// one being filled, one being read and these, and the producer makes a chunk only when none
    /// comes back: giving one back never waits.
    private let emptied: Handoff<EventChunk>
    /// The capacity of the chunks the channel makes when none comes back in time.
    private let chunkCapacity: Int

    init(depth: Int = 3, chunkCapacity: Int) {
        filled = Handoff(capacity: depth)
        emptied = Handoff(capacity: depth + 2)
        self.chunkCapacity = chunkCapacity
    }

    /// Producer side: queues `chunk` and returns an empty one to fill next. Returns nil, queuing
    /// nothing, once the consumer has cancelled.
    func send(_ chunk: EventChunk) -> EventChunk? {
        guard filled.send(chunk) else { return nil }
        guard let next = emptied.receiveIfWaiting() else { return EventChunk(capacity: chunkCapacity) }
        next.reset()
        return next
    }

    /// Producer side: no more chunks will come.
    func close() {
        filled.close()
    }

    /// Consumer side: the next filled chunk, or nil once the producer has closed and all were taken.
    func receive() -> EventChunk? {
        filled.receive()
    }

    /// Consumer side: gives a used chunk back for the producer to fill again.
    func recycle(_ chunk: EventChunk) {
        emptied.send(chunk)
    }

    /// Consumer side: asks the producer to stop at its next hand-over.
    func cancel() {
        filled.cancel()
    }
}
