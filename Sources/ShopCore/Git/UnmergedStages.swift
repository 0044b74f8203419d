/// What git's index holds for a path it holds as unmerged: the object ids of its stages, base
/// (1), ours (2) and theirs (3), of which one or two may be missing (a path added on both sides
/// has no base; one deleted on a side has no version of that side).
public struct UnmergedStages: Hashable, Sendable {
    /// The side of a merge a version is: ours (stage 2, `git checkout --ours`; during a rebase, the
    /// branch being rebased onto) or theirs (stage 3).
    public enum Side: String, Hashable, Sendable {
        case ours
        case theirs
    }

    /// The hash the ids are made with.
    public var format: GitObjectFormat
    /// The base's object id (stage 1).
    public var base: [UInt8]?
    /// Ours (stage 2).
    public var ours: [UInt8]?
    /// Theirs (stage 3).
    public var theirs: [UInt8]?

    /// Stages of ids made with `format`, none known yet.
    public init(format: GitObjectFormat, base: [UInt8]? = nil, ours: [UInt8]? = nil, theirs: [UInt8]? = nil) {
        self.format = format
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    /// Records the id of stage `stage` (1, 2 or 3).
    mutating func set(stage: Int, to objectID: [UInt8]) {
        switch stage {
        case 1: base = objectID
        case 2: ours = objectID
        default: theirs = objectID
        }
    }

    /// The side whose version `bytes` are byte for byte, if either: the file git wrote when it
    /// could not merge (its merge driver missing, say), or one side taken whole
    /// (`git checkout --ours`). No object is read: the file's blob id is compared with the
    /// stages' ids.
    ///
    /// A text with CRLF line ends is compared as well with LF ends: that is what git stores for a
    /// file it converts (`text`/`eol` attributes, `core.autocrlf`), and the work tree holds the
    /// converted text. Other conversions (clean filters, working-tree encodings) are not undone:
    /// a list that goes through one is taken for resolved by hand, a warning, not an error.
    public func side(of bytes: [UInt8]) -> Side? {
        if let side = side(ofID: format.blobID(of: bytes)) { return side }
        guard let converted = Self.withLFLineEnds(bytes) else { return nil }
        return side(ofID: format.blobID(of: converted))
    }

    private func side(ofID id: [UInt8]) -> Side? {
        if id == ours { return .ours }
        if id == theirs { return .theirs }
        return nil
    }

    /// `bytes` with each CRLF made LF; nil when there is none.
    static func withLFLineEnds(_ bytes: [UInt8]) -> [UInt8]? {
        var converted: [UInt8] = []
        var found = false
        for (index, byte) in bytes.enumerated() {
            if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A {
                if !found {
                    converted.reserveCapacity(bytes.count)
                    converted.append(contentsOf: bytes[..<index])
                    found = true
                }
                continue
            }
            if found { converted.append(byte) }
        }
        return found ? converted : nil
    }
}
