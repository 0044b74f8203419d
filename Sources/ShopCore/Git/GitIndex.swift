/// git's index (`.git/index`, described in gitformat-index(5)), read from its bytes: the entries
/// of versions 2, 3 and 4, each a path, a stage and an object id.
///
/// shop reads it to learn, without starting git, whether git holds a list as unmerged: an
/// unfinished merge, rebase, cherry-pick, revert or `stash pop` leaves a conflicted path as
/// entries at stages 1 (the base), 2 (ours) and 3 (theirs) instead of one at stage 0.
///
/// An index shop cannot read with certainty is not read at all (nil): another signature or
/// version, entries or extensions that overrun the file, bytes left between the last extension
/// and the checksum (as when the object ids are of another length than the repository's format
/// says), or an extension git requires its readers to understand (a lowercase signature) other
/// than the sparse index's `sdir`: a split index (`link`) keeps its entries in a second file,
/// replaced and deleted through bitmaps, and `shop` finds nothing rather than guess. The checksum
/// at the end is not verified: git replaces the index by renaming a complete file over it, so no
/// reader sees one half written, and hashing a large index would cost more than reading it.
public enum GitIndex {
    /// One entry: a path at a stage, with its object id and mode.
    public struct Entry: Hashable, Sendable {
        /// The path from the top of the work tree, `/`-separated, as git stores it (bytes, which
        /// need not be UTF-8).
        public var path: [UInt8]
        /// 0 for a merged path; 1, 2, 3 for the base, ours and theirs of an unmerged one.
        public var stage: Int
        /// The object id (of a blob, for a file).
        public var objectID: [UInt8]
        /// The mode, as `git ls-files --stage` prints it in octal (`100644`).
        public var mode: UInt32
    }

    /// Every entry of the index `bytes` hold, in the index's order; nil when shop cannot read it.
    public static func entries(_ bytes: [UInt8], format: GitObjectFormat) -> [Entry]? {
        var entries: [Entry] = []
        let read = bytes.withUnsafeBufferPointer { buffer in
            scan(buffer, format: format) { path, stage, objectID, mode in
                entries.append(Entry(path: Array(path), stage: stage, objectID: Array(objectID), mode: mode))
            }
        }
        return read ? entries : nil
    }

    /// The entries at stages 1-3 of the index `bytes` hold, by path: every path git holds as
    /// unmerged (none, outside an unfinished merge); nil when shop cannot read the index.
    public static func unmergedPaths(_ bytes: [UInt8], format: GitObjectFormat) -> [[UInt8]: UnmergedStages]? {
        bytes.withUnsafeBufferPointer { unmergedPaths($0, format: format) }
    }

    /// ``unmergedPaths(_:format:)-([UInt8],_)`` of an index in memory the caller owns (a mapping
    /// of the file: reading a large index into a new array costs more in page faults than the
    /// scan). Only the unmerged entries are copied out: the others are stepped over.
    public static func unmergedPaths(_ bytes: UnsafeBufferPointer<UInt8>, format: GitObjectFormat) -> [[UInt8]: UnmergedStages]? {
        var paths: [[UInt8]: UnmergedStages] = [:]
        let read = scan(bytes, format: format) { path, stage, objectID, _ in
            guard stage != 0 else { return }
            paths[Array(path), default: UnmergedStages(format: format)].set(stage: stage, to: Array(objectID))
        }
        return read ? paths : nil
    }

    /// The signature every index begins with.
    private static let signature: [UInt8] = Array("DIRC".utf8)

    /// Hands `body` each entry's path, stage, object id and mode, in order; false when the index
    /// cannot be read (then some entries may have been handed over already).
    ///
    /// An entry is 40 bytes of file system data (the mode at offset 24), the object id, 16 bits of
    /// flags (bit 14: extended flags follow, version 3 and later; bits 12-13: the stage; bits 0-11:
    /// the path's length, 0xFFF for 4095 or more), 16 bits of extended flags when so flagged, and
    /// the path. Versions 2 and 3 end the path with a NUL and pad the entry with NULs to a multiple
    /// of 8 bytes; version 4 writes the path as the number of bytes to drop from the end of the
    /// previous one (git's offset varint) and what follows, ended by a NUL, without padding.
    static func scan(
        _ buffer: UnsafeBufferPointer<UInt8>, format: GitObjectFormat,
        _ body: (_ path: UnsafeBufferPointer<UInt8>, _ stage: Int, _ objectID: UnsafeBufferPointer<UInt8>, _ mode: UInt32) -> Void
    ) -> Bool {
        let idLength = format.idLength
        // What the entries and extensions may use: all but the checksum at the end.
        let end = buffer.count - idLength
        guard end >= 12, buffer.prefix(4).elementsEqual(signature) else { return false }
        let version = word(buffer, 4)
        guard (2...4).contains(version) else { return false }
        let count = Int(word(buffer, 8))
        var position = 12
        // Version 4's previous path, from which each path keeps a prefix.
        var previous: [UInt8] = []
        for _ in 0..<count {
            let start = position
            let flagsAt = start + 40 + idLength
            guard flagsAt + 2 <= end else { return false }
            let flags = Int(buffer[flagsAt]) << 8 | Int(buffer[flagsAt + 1])
            let extended = flags & 0x4000 != 0
            guard !extended || version >= 3 else { return false }
            let stage = flags >> 12 & 3
            let statedLength = flags & 0xFFF
            let mode = word(buffer, start + 24)
            let objectID = UnsafeBufferPointer(rebasing: buffer[(start + 40)..<(start + 40 + idLength)])
            var nameAt = flagsAt + 2 + (extended ? 2 : 0)
            guard nameAt <= end else { return false }
            if version == 4 {
                guard let (dropped, suffixAt) = varint(buffer, nameAt, end: end), dropped <= previous.count,
                    let nul = nulIndex(buffer, from: suffixAt, end: end)
                else { return false }
                previous.removeLast(dropped)
                previous.append(contentsOf: buffer[suffixAt..<nul])
                guard statedLength == min(previous.count, 0xFFF) else { return false }
                previous.withUnsafeBufferPointer { body($0, stage, objectID, mode) }
                position = nul + 1
            } else {
                let length: Int
                if statedLength < 0xFFF {
                    length = statedLength
                    guard nameAt + length < end, buffer[nameAt + length] == 0 else { return false }
                } else {
                    guard let nul = nulIndex(buffer, from: nameAt + 0xFFF, end: end) else { return false }
                    length = nul - nameAt
                }
                body(UnsafeBufferPointer(rebasing: buffer[nameAt..<(nameAt + length)]), stage, objectID, mode)
                // The NUL and the padding: 1 to 8 bytes, to a multiple of 8 from the entry's start.
                nameAt += length
                position = start + (((nameAt - start) + 8) & ~7)
                guard position <= end else { return false }
            }
        }
        // The extensions: a signature, a 32-bit size, the data.
        while position < end {
            guard position + 8 <= end else { return false }
            let first = buffer[position]
            let optional = first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")
            guard optional || buffer[position..<(position + 4)].elementsEqual("sdir".utf8) else { return false }
            position += 8 + Int(word(buffer, position + 4))
        }
        return position == end
    }

    /// The big-endian 32-bit number at `offset` (the caller has checked that it is there).
    private static func word(_ buffer: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16 | UInt32(buffer[offset + 2]) << 8
            | UInt32(buffer[offset + 3])
    }

    /// The offset of the first NUL from `start` before `end`.
    private static func nulIndex(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int? {
        var index = start
        while index < end {
            if buffer[index] == 0 { return index }
            index += 1
        }
        return nil
    }

    /// git's offset varint at `start` (varint.c): seven bits a byte, most significant first, the
    /// high bit saying another byte follows, and one added for each byte after the first (so that
    /// each number has one encoding). The number and the offset after it; nil past `end` or for
    /// a number too large to be a path's length.
    static func varint(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, end: Int) -> (Int, Int)? {
        var index = start
        guard index < end else { return nil }
        var byte = buffer[index]
        index += 1
        var value = Int(byte & 0x7F)
        while byte & 0x80 != 0 {
            guard index < end, value < 1 << 40 else { return nil }
            byte = buffer[index]
            index += 1
            value = ((value + 1) << 7) | Int(byte & 0x7F)
        }
        return (value, index)
    }
}
