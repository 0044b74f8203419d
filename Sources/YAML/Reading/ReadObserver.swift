/// Is told about the nodes one and two levels below the root as a read completes them, on the
/// thread that builds the tree, while libyaml may still be parsing on another: a caller that
/// decodes a document as it is read does its work in that time instead of after the read.
///
/// The observer is called a few times a read, with the nodes completed since the last call. It
/// must not keep `nodes`, which is valid only during the call.
public protocol ReadObserver: AnyObject {
    /// `completed` holds the nodes completed since the last call, in document order, with their
    /// depth: 1 for a key or value of the top-level collection, 2 for one of theirs. A collection
    /// is completed with everything under it; `nodes` reads the table built so far.
    func read(completed: [CompletedNode], nodes: RawNodes)
}

/// A node a read has completed, and how deep it is.
public struct CompletedNode: Sendable, Hashable {
    /// Its index.
    public var index: Int
    /// 1 for a key or value of the top-level collection, 2 for one of theirs.
    public var depth: Int
}

extension Document {
    /// Reads a document from UTF-8 bytes, telling `observer` about its nodes as they are built.
    public init(parsing bytes: [UInt8], limits: ParseLimits = ParseLimits(), observer: any ReadObserver) throws(YAMLError) {
        self = try DocumentReader.read(SourceText(bytes: bytes), limits: limits, observer: observer)
    }
}

extension NodeTable {
    /// Calls `body` with allocation-free access to the nodes of this table over `source`.
    func withRawNodes<Result>(source: UnsafeBufferPointer<UInt8>, _ body: (RawNodes) throws -> Result) rethrows -> Result {
        try flags.withUnsafeBufferPointer { flags in
            try starts.withUnsafeBufferPointer { starts in
                try lengths.withUnsafeBufferPointer { lengths in
                    try longEnds.withUnsafeBufferPointer { longEnds in
                        try aux.withUnsafeBufferPointer { aux in
                            try arena.withUnsafeBufferPointer { arena in
                                try body(
                                    RawNodes(
                                        flags: flags, starts: starts, lengths: lengths, longEnds: longEnds, aux: aux,
                                        source: source, arena: arena))
                            }
                        }
                    }
                }
            }
        }
    }
}
