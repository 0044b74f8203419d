#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ShopCore

/// A file's findings as `check` finds them part by part, packed (``PackedFindings``) into a spool
/// (``OutputSpool``: memory while they are few, a temporary file beyond), until the file is checked
/// and they are shown, or `check --fix` chooses its fixes among them. A list with a finding on each
/// of its 90,000 items held them all in memory until the last part was checked, since the top
/// level's findings, found with it, go among them: 64 MB for a list of 10.7 MB, and 71 MB with
/// `--fix`.
final class FindingSpool: FindingStore {
    private let spool: OutputSpool
    /// The bytes of the findings being packed, handed to the spool a part at a time.
    private var packed: [UInt8] = []
    /// How many findings the spool holds.
    private(set) var count = 0
    /// Whether one of them is an error.
    private(set) var hasErrors = false
    /// Whether they came in order (``FindingOrder``), and where the last one starts.
    private var inOrder = true
    private var lastStart = 0

    /// An empty spool whose temporary file, when it needs one, goes in `folder`.
    init(folder: String) {
        spool = OutputSpool(folder: folder)
    }

    /// Holds a part's findings after those held.
    func take(_ findings: [Finding]) {
        guard !findings.isEmpty else { return }
        for finding in findings {
            inOrder = inOrder && lastStart <= finding.span.start
            lastStart = finding.span.start
            hasErrors = hasErrors || finding.severity == .error
            PackedFindings.append(finding, to: &packed)
        }
        count += findings.count
        packed.withUnsafeBufferPointer(spool.write)
        packed.removeAll(keepingCapacity: packed.capacity <= 1 << 16)
    }

    /// Forgets the findings held.
    func discard() {
        spool.discard()
        count = 0
        hasErrors = false
        inOrder = true
        lastStart = 0
    }

    /// Hands `body` the findings held, with the rest's findings, `rest`, among them in their
    /// places: ordered as ``FindingOrder/ordered(parts:rest:)`` orders them. Throws when the
    /// temporary file cannot be read back.
    func forEach(mergedWith rest: [Finding], _ body: (Finding) -> Void) throws(FileError) {
        guard inOrder, FindingOrder.isOrdered(rest) else {
            // Not met in practice: the findings are sorted in memory, as a check that holds them does.
            var parts: [Finding] = []
            try unpack { parts.append($0) }
            FindingOrder.ordered(parts: parts, rest: rest).forEach(body)
            return
        }
        var merge = FindingOrder.Merge(rest: rest)
        try unpack { merge.take($0, body) }
        merge.finish(body)
    }

    /// Hands `body` the findings held, in the order they came.
    private func unpack(_ body: (Finding) -> Void) throws(FileError) {
        var pending: [UInt8] = []
        var damaged = false
        try spool.deliver { chunk in
            guard !damaged else { return }
            pending.append(contentsOf: chunk)
            let consumed = pending.withUnsafeBufferPointer { PackedFindings.read($0, body) }
            guard let consumed else {
                damaged = true
                return
            }
            pending.removeFirst(consumed)
        }
        // What was written is read back whole, or the file was changed under the spool.
        if damaged || !pending.isEmpty { throw .system("a temporary file", "read", EIO) }
    }
}
