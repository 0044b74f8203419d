import CLibYAML

/// One libyaml event, reduced to what the tree builder reads from it: plain values that can cross
/// from the thread that runs libyaml to the one that builds the tree.
struct EventRecord {
    /// The event's kind.
    enum Kind: UInt8 {
        case streamStart, streamEnd, documentStart, documentEnd, alias, scalar
        case sequenceStart, sequenceEnd, mappingStart, mappingEnd
    }

    static let anchorBit: UInt8 = 1 << 0
    static let tagBit: UInt8 = 1 << 1
    static let directiveBit: UInt8 = 1 << 2
    static let flowBit: UInt8 = 1 << 3

    var kind: Kind
    /// For a scalar, its style as a ``ScalarStyle`` code.
    var style: UInt8
    /// Anchor, tag, directive and flow-style bits.
    var flags: UInt8
    /// The column (0-based, in code points) where the event starts.
    var startColumn: UInt32
    /// Where the event starts and ends, in code points from the start of the input.
    var startIndex: Int
    var endIndex: Int
    /// For a scalar, where its value lies in the chunk's `values`.
    var valueStart: Int
    var valueLength: Int
}

/// Events handed over together: records and the scalar values they point into.
struct EventChunk {
    var records: [EventRecord] = []
    var values: [UInt8] = []
    /// Set on the last chunk of a read: how the stream ended.
    var ending: EventStreamEnding?

    /// How many records a chunk holds before it is handed over: enough to make the hand-over cheap,
    /// few enough to stay in the processor's cache.
    static let capacity = 2048

    mutating func reset() {
        records.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        ending = nil
    }
}

/// Why the producer of events stopped.
enum EventStreamEnding {
    /// The stream ended normally after its last event.
    case finished
    /// libyaml reported an error after the last event delivered.
    case failed(ParserFailure)
    /// The last event delivered opens a collection nested deeper than the limit.
    case tooDeep
}

/// What libyaml says about an error, copied out of its parser state.
struct ParserFailure {
    var isReaderError: Bool
    var isMemoryError: Bool
    var problem: String?
    var context: String?
    var problemIndex: Int
    var contextIndex: Int
    var problemOffset: Int
    var problemValue: Int
}
