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
    /// Where the event starts and ends, in code points from the start of the input, and for a
    /// scalar where its value lies in the chunk's `values`: 32 bits each, as an input is shorter
    /// than 4 GiB (``DocumentReader`` refuses longer ones), so that a record takes 24 bytes, not 40.
    private var start: UInt32
    private var end: UInt32
    private var valueOffset: UInt32 = 0
    private var valueCount: UInt32 = 0

    init(kind: Kind, style: UInt8, flags: UInt8, startColumn: UInt32, startIndex: Int, endIndex: Int) {
        self.kind = kind
        self.style = style
        self.flags = flags
        self.startColumn = startColumn
        start = UInt32(truncatingIfNeeded: startIndex)
        end = UInt32(truncatingIfNeeded: endIndex)
    }

    var startIndex: Int { Int(start) }
    var endIndex: Int { Int(end) }
    var valueStart: Int {
        get { Int(valueOffset) }
        set { valueOffset = UInt32(truncatingIfNeeded: newValue) }
    }
    var valueLength: Int {
        get { Int(valueCount) }
        set { valueCount = UInt32(truncatingIfNeeded: newValue) }
    }
}

/// Events handed over together: a fixed number of records and the scalar values they point into,
/// in storage that is allocated once and refilled, so that recording an event costs a few stores.
///
/// Sendable without a lock because one thread at a time has it: the producer fills it and sends
/// it through the channel's `Handoff`, and touches it no more; the tree builder reads it and
/// sends it back through the other `Handoff` to be refilled. Each handoff's lock orders the
/// writes of the one thread before the reads of the other.
final class EventChunk: @unchecked Sendable {
    /// How many records a chunk holds before it is handed over.
    let capacity: Int
    private let recordStorage: UnsafeMutablePointer<EventRecord>
    private(set) var recordCount = 0
    private var valueStorage: UnsafeMutablePointer<UInt8>
    private var valueCapacity: Int
    private(set) var valueCount = 0
    /// Set on the last chunk of a read: how the stream ended.
    var ending: EventStreamEnding?

    /// A chunk of `capacity` records.
    init(capacity: Int) {
        self.capacity = capacity
        recordStorage = UnsafeMutablePointer<EventRecord>.allocate(capacity: capacity)
        valueCapacity = 32 * 1024
        valueStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: valueCapacity)
    }

    /// The capacity of the chunks of a read of `count` bytes: a list has about one event per five
    /// bytes, and a read is cut into some forty chunks, of 1,024 to 8,192 records. Few enough
    /// hand-overs, each of which may put the tree builder to sleep and wake it again (at 2,048
    /// records a 100,000-item read made some 2,100 such switches and took 2% longer); chunks small
    /// enough that the tree builder starts early on a small file, and that one (320 KB at most)
    /// stays in the processor's second-level cache.
    static func capacity(forInput count: Int) -> Int {
        min(max(count / 5 / 40, 1024), 8192)
    }

    deinit {
        recordStorage.deallocate()
        valueStorage.deallocate()
    }

    var isFull: Bool { recordCount == capacity }

    /// The records, in the order the events came.
    var records: UnsafeBufferPointer<EventRecord> {
        UnsafeBufferPointer(start: recordStorage, count: recordCount)
    }

    /// The values the records point into.
    var values: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: valueStorage, count: valueCount)
    }

    /// Appends a record; the chunk must not be full.
    @inline(__always)
    func append(_ record: EventRecord) {
        (recordStorage + recordCount).initialize(to: record)
        recordCount += 1
    }

    /// Copies a value in and returns where it starts.
    @inline(__always)
    func appendValue(_ bytes: UnsafePointer<UInt8>, count: Int) -> Int {
        let start = valueCount
        if start + count > valueCapacity { grow(toHold: start + count) }
        (valueStorage + start).update(from: bytes, count: count)
        valueCount = start + count
        return start
    }

    private func grow(toHold needed: Int) {
        var capacity = valueCapacity * 2
        while capacity < needed { capacity *= 2 }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        storage.initialize(from: valueStorage, count: valueCount)
        valueStorage.deallocate()
        valueStorage = storage
        valueCapacity = capacity
    }

    /// Empties the chunk for the next events, keeping its storage.
    func reset() {
        recordCount = 0
        valueCount = 0
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

    /// libyaml could not allocate its parser.
    static let outOfMemory = ParserFailure(
        isReaderError: false, isMemoryError: true, problem: nil, context: nil, problemIndex: 0, contextIndex: 0,
        problemOffset: 0, problemValue: 0)
}
