import Synchronization

/// Runs independent pieces of work on the calling thread and one more, each piece once: a worker
/// that is done with one takes the next that nobody has taken, so that a slow piece does not hold
/// the others back.
public enum SharedWork {
    /// Calls `body` with every index in `0..<count`, each once, on this thread and a second one,
    /// and returns when all calls have. Without a second thread (or with fewer than two pieces),
    /// all calls are made here, in order. `body` must be safe to call from two threads at once.
    public static func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        let next = Counter()
        withoutActuallyEscaping(body) { body in
            let work = { () -> Void in
                while let index = next.take(below: count) { body(index) }
            }
            // The helper only runs `work` until it is joined, below: nothing outlives this call.
            let helper = JoinableThread.start(work)
            work()
            helper?.join()
        }
    }

    /// Runs `here` on this thread and `alongside` on a second one, at the same time, and returns
    /// when both have. Without a second thread, `alongside` runs here after `here`.
    public static func run(_ here: () -> Void, alongside: () -> Void) {
        withoutActuallyEscaping(alongside) { alongside in
            // The helper only runs `alongside` until it is joined, below: nothing outlives this call.
            let helper = JoinableThread.start(alongside)
            here()
            if let helper { helper.join() } else { alongside() }
        }
    }

    /// `transform` of every index in `0..<count`, in order, computed as ``forEach(_:_:)`` runs
    /// its pieces; all on this thread, in order, when not `concurrently`.
    public static func map<Element>(
        _ count: Int, concurrently: Bool = true, _ transform: (Int) -> Element
    ) -> [Element] {
        map(count, inRuns: count, concurrently: concurrently, transform)
    }

    /// `transform` of every index in `0..<count`, in order, like ``map(_:concurrently:_:)``, but
    /// with the indices handed out `runs` runs at a time (a run is one piece), for work too small
    /// to take one index at a time. Each element is written in its place in the result, so that
    /// no run holds a copy of its part; the result has room for `capacity` elements. Inlinable,
    /// so that a caller's element type and transform are specialized: decoding runs through it.
    @inlinable
    public static func map<Element>(
        _ count: Int, inRuns runs: Int, concurrently: Bool = true, capacity: Int = 0, _ transform: (Int) -> Element
    ) -> [Element] {
        Array(unsafeUninitializedCapacity: max(count, capacity)) { buffer, initialized in
            guard let base = buffer.baseAddress, count > 0 else { return }
            let pieces = max(1, min(runs, count))
            func run(_ piece: Int) {
                for index in count * piece / pieces..<count * (piece + 1) / pieces {
                    (base + index).initialize(to: transform(index))
                }
            }
            if concurrently {
                forEach(pieces, run)
            } else {
                for piece in 0..<pieces { run(piece) }
            }
            initialized = count
        }
    }

    /// The next index nobody has taken, shared by the workers.
    private final class Counter: Sendable {
        private let value = Atomic(0)

        /// Takes the next index, when it is below `limit`. Each call takes a different one; the
        /// order of the work they stand for is the join's business, so no ordering is asked for.
        func take(below limit: Int) -> Int? {
            let index = value.wrappingAdd(1, ordering: .relaxed).oldValue
            return index < limit ? index : nil
        }
    }
}
