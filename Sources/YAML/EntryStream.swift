/// Takes over the entries of one top-level sequence while a read goes on, so that the read need not
/// keep them: the read hands each run of completed entries over, with the top level read so far,
/// and then drops their rows and comments. A long list is then read in the memory of its top level
/// and a few hundred entries, whatever its length.
///
/// The read asks ``streamsValue(ofKey:)`` of each scalar key of a top-level mapping, in order,
/// until one answer is yes; when that key's value is a sequence, its entries are streamed. An entry
/// is handed over once a node after it has been read (only then are the comments that follow it
/// placed), so the entries at the end of the sequence stay in the document the read returns: the
/// caller takes them from there, after the parts it was handed.
///
/// The read calls ``take(_:)`` on the thread that builds the tree. What the part lends must not be
/// kept past the call: the rows are dropped when it returns.
public protocol EntryStream: AnyObject {
    /// Whether the entries of the value of this top-level key (its bytes, as read) are to be streamed.
    func streamsValue(ofKey key: UnsafeBufferPointer<UInt8>) -> Bool
    /// Takes over a run of completed entries.
    func take(_ part: StreamedPart)
}

/// A run of entries a streamed read hands over (see ``EntryStream``).
public struct StreamedPart {
    /// The document as read so far: the top-level entries before the streamed key, the key, and the
    /// sequence holding just these entries. It is the read's own table, lent for the call.
    public let document: Document
    /// The streamed sequence.
    public let sequence: NodeID
    /// How many of the sequence's entries earlier parts held: the position of this part's first.
    public let firstPosition: Int

    /// The entries, in order.
    public var entries: [NodeID] {
        document.storage.table.children(of: sequence.index).map { NodeID(index: $0) }
    }
}

extension Document {
    /// Reads a document from UTF-8 bytes, handing the entries of the sequence `stream` picks over to
    /// it as they are read (see ``EntryStream``): the document returned holds the entries that were
    /// not handed over, the last ones. `chunkCapacity` sets how many of libyaml's events are handed
    /// to the tree builder at a time (by default a number that suits the size), and so how often
    /// entries are handed over: tests make it small to cut a small document into many parts.
    public init(
        parsing bytes: [UInt8], limits: ParseLimits = ParseLimits(), stream: any EntryStream, chunkCapacity: Int? = nil
    ) throws(YAMLError) {
        self = try DocumentReader.read(SourceText(bytes: bytes), limits: limits, stream: stream, chunkCapacity: chunkCapacity)
    }
}
