import Synchronization

/// The one way names are compared: Unicode compatibility decomposition (the equivalence NFKC
/// normalization induces), case folding, and white space trimmed at both ends and collapsed to one
/// space inside. `Oat Milk`, `oat  milk` and `ｏａｔ ｍｉｌｋ` have the same key.
///
/// Duplicate detection (`check`) and NAME arguments of the editing commands both use it, so a name
/// that `check` calls a duplicate is also one `shop buy` cannot tell apart.
public struct NameKey: Hashable, Sendable, CustomStringConvertible {
    /// The normalized text as UTF-8: decomposed, case-folded, canonically ordered.
    public let bytes: [UInt8]

    /// The key of a name.
    public init(_ name: String) {
        var name = name
        bytes = name.withUTF8 { NameKey.normalize($0) }
    }

    /// The key of a name given as UTF-8 bytes.
    public init(utf8 name: UnsafeBufferPointer<UInt8>) {
        bytes = NameKey.normalize(name)
    }

    /// Whether the name is empty once white space is removed.
    public var isEmpty: Bool { bytes.isEmpty }

    /// Whether `other` occurs in this key: the name contains the other name, compared like names.
    public func contains(_ other: NameKey) -> Bool {
        let needle = other.bytes
        guard !needle.isEmpty else { return true }
        guard needle.count <= bytes.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The normalized text (decomposed, so accents follow their letters as combining marks).
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// A fingerprint of the key this name would have (FNV-1a over its bytes) and whether that key
    /// is empty, computed without building the key when the name is ASCII or its other letters are
    /// Latin letters: the common cases when checking large lists. Equal keys have equal
    /// fingerprints; different keys rarely do, and callers compare keys when fingerprints meet.
    static func fingerprint(ofName name: UnsafeBufferPointer<UInt8>) -> (fingerprint: UInt64, blank: Bool) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var count = 0
        var pendingSpace = false
        var index = 0
        let latin = LatinLetters.shared
        while index < name.count {
            let byte = name[index]
            if byte < 0x80 {
                index += 1
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    hash = (hash ^ 0x20) &* 0x100_0000_01B3
                    count += 1
                    pendingSpace = false
                }
                hash = (hash ^ UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) &* 0x100_0000_01B3
                count += 1
                continue
            }
            guard index + 1 < name.count, let bytes = latin.key(lead: byte, trail: name[index + 1]) else {
                // Other scripts, and marks written apart from their letters: the full way.
                let key = NameKey(utf8: name)
                return (fingerprint(of: key.bytes), key.isEmpty)
            }
            if pendingSpace {
                hash = (hash ^ 0x20) &* 0x100_0000_01B3
                count += 1
                pendingSpace = false
            }
            for position in 0..<bytes.count {
                hash = (hash ^ UInt64(bytes.byte(position))) &* 0x100_0000_01B3
                count += 1
            }
            index += 2
        }
        return (hash, count == 0)
    }

    /// FNV-1a over a key's bytes, as ``fingerprint(ofName:)`` computes it.
    static func fingerprint(of bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func normalize(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        if name.allSatisfy({ $0 < 0x80 }) {
            return normalizeASCII(name)
        }
        var scalars = decompose(decodeUTF8(name))
        if caseFold(&scalars) {
            scalars = decompose(scalars)
            // A few letters reach their folded form in two steps: ẞ becomes ß, and ß becomes ss.
            if caseFold(&scalars) { scalars = decompose(scalars) }
        }
        reorderCanonically(&scalars)
        var result: [UInt8] = []
        result.reserveCapacity(name.count)
        var pendingSpace = false
        for scalar in scalars {
            if isWhiteSpace(scalar) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            appendUTF8(scalar, to: &result)
        }
        return result
    }

    private static func normalizeASCII(_ name: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(name.count)
        var pendingSpace = false
        for byte in name {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(0x20)
                pendingSpace = false
            }
            result.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return result
    }

    private static func decompose(_ scalars: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(scalars.count + 4)
        for value in scalars {
            if value >= 0xAC00 && value <= 0xD7A3 {
                let index = value - 0xAC00
                result.append(0x1100 + index / 588)
                result.append(0x1161 + (index % 588) / 28)
                let trailing = 0x11A7 + index % 28
                if trailing != 0x11A7 { result.append(trailing) }
            } else if value >= 0xA0, let mapped = DecompositionTable.lookup(value) {
                result.append(contentsOf: mapped)
            } else {
                result.append(value)
            }
        }
        return result
    }

    /// Folds case by mapping to upper case and then to lower case, which makes every case variant of
    /// a letter (`ß`, `SS`, `ss`; `ς`, `Σ`, `σ`) meet. Returns whether a non-ASCII letter changed.
    private static func caseFold(_ scalars: inout [UInt32]) -> Bool {
        var changed = false
        for index in scalars.indices {
            let value = scalars[index]
            if value < 0x80 {
                if value >= 0x41 && value <= 0x5A { scalars[index] = value | 0x20 }
                continue
            }
            if let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped {
                changed = true
                break
            }
        }
        guard changed else { return false }
        var result: [UInt32] = []
        result.reserveCapacity(scalars.count + 4)
        for value in scalars {
            // Dotless ı stays apart from i, as Unicode case folding has it (Turkish tells them apart),
            // though its upper case is I.
            if value < 0x80 {
                // The first pass stopped at the first letter it could not fold itself.
                result.append(value >= 0x41 && value <= 0x5A ? value | 0x20 : value)
                continue
            }
            guard value != 0x131, let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else {
                result.append(value)
                continue
            }
            for upper in scalar.properties.uppercaseMapping.unicodeScalars {
                for lower in upper.properties.lowercaseMapping.unicodeScalars {
                    result.append(lower.value)
                }
            }
        }
        scalars = result
        return true
    }

    /// The code points of valid UTF-8 (as YAML text and command-line arguments always are).
    private static func decodeUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var result: [UInt32] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let lead = UInt32(bytes[index])
            var value: UInt32
            var length: Int
            switch lead {
            case 0..<0x80: value = lead; length = 1
            case 0xC0..<0xE0: value = lead & 0x1F; length = 2
            case 0xE0..<0xF0: value = lead & 0x0F; length = 3
            default: value = lead & 0x07; length = 4
            }
            guard index + length <= bytes.count else { break }
            for offset in 1..<max(length, 1) where length > 1 {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            result.append(value)
            index += length
        }
        return result
    }

    /// Sorts each run of combining marks by combining class, so that canonically equivalent texts
    /// have the same bytes.
    private static func reorderCanonically(_ scalars: inout [UInt32]) {
        func combiningClass(_ value: UInt32) -> UInt8 {
            guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 0 }
            return scalar.properties.canonicalCombiningClass.rawValue
        }
        var start = 0
        while start < scalars.count {
            guard combiningClass(scalars[start]) != 0 else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count && combiningClass(scalars[end]) != 0 { end += 1 }
            if end - start > 1 {
                let run = scalars[start..<end].enumerated().sorted {
                    let left = combiningClass($0.element)
                    let right = combiningClass($1.element)
                    return left != right ? left < right : $0.offset < $1.offset
                }.map(\.element)
                scalars.replaceSubrange(start..<end, with: run)
            }
            start = end
        }
    }

    /// Unicode's White_Space property (a stable list).
    private static func isWhiteSpace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    private static func appendUTF8(_ value: UInt32, to bytes: inout [UInt8]) {
        // Every value is a scalar: it was decoded from UTF-8, or is one of a decomposition.
        guard let scalar = Unicode.Scalar(value) else { return }
        UTF8.encode(scalar) { bytes.append($0) }
    }
}

/// The compatibility decompositions, looked up in the generated arrays (UnicodeDecompositions.swift),
/// which the compiler lays out as constant data: nothing is built when the program starts or first
/// meets a name outside ASCII, which matters on a small list, where start-up is most of the time.
///
/// The table (Unicode 17.0.0, the standard library's version) stands in for Foundation's
/// `decomposedStringWithCompatibilityMapping` and `folding(options: .caseInsensitive)`, which no
/// product target imports: measured by Benchmarks/foundation-cost.sh, Foundation would make the
/// installed (static) binary five times larger (74.2 MB against 15.2 MB), each start about a
/// millisecond slower and its memory two thirds larger, and it would bring a third Unicode version
/// (its normalization and folding are Unicode 15's, against the standard library's 17.0).
private enum DecompositionTable {
    /// The decomposition of `value`, or nil when it decomposes to itself.
    static func lookup(_ value: UInt32) -> ArraySlice<UInt32>? {
        var low = 0
        var high = decompositionKeys.count
        while low < high {
            let middle = (low + high) / 2
            if decompositionKeys[middle] < value { low = middle + 1 } else { high = middle }
        }
        guard low < decompositionKeys.count, decompositionKeys[low] == value else { return nil }
        return decompositionValues[Int(decompositionOffsets[low])..<Int(decompositionOffsets[low + 1])]
    }
}

/// The keys of single Latin letters with diacritics (U+00C0 to U+024F), each made the full way
/// the first time a name holds it, so that names in Latin scripts need not be. In such a name every
/// letter's key starts with a base letter and holds no white space, so the name's key is the
/// letters' keys one after the other; a letter for which that does not hold is not in the table.
///
/// Making all 400 keys at once cost a list with one accented name 2.5 million instructions, 5% of
/// `shop buy` on 1,000 items; a list meets a few dozen of them. A key is packed in one atomic word
/// (its length in the low byte, up to seven bytes above), so that a letter is looked up with one
/// load, and two threads that make the same key at once store the same word.
private final class LatinLetters: @unchecked Sendable {
    static let shared = LatinLetters()

    /// A key of up to seven bytes.
    struct PackedKey {
        let word: UInt64
        var count: Int { Int(word & 0xFF) }
        /// The `position`th byte.
        func byte(_ position: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> (8 * (position + 1))) }
    }

    private static let first: UInt32 = 0xC0
    private static let last: UInt32 = 0x24F
    /// A slot not filled yet.
    private static let unknown: UInt64 = 0
    /// A letter that is not in the table.
    private static let absent: UInt64 = 0xFF

    /// By code point minus 0xC0; allocated once for the life of the program, and only ever read
    /// and written by atomic loads and stores (which is why the class may cross threads).
    private let slots: UnsafeMutablePointer<Atomic<UInt64>>

    init() {
        let count = Int(Self.last - Self.first) + 1
        slots = UnsafeMutablePointer<Atomic<UInt64>>.allocate(capacity: count)
        for index in 0..<count { (slots + index).initialize(to: Atomic(Self.unknown)) }
    }

    /// The key of the two-byte character `lead trail`, when it is one of the table's letters.
    @inline(__always)
    func key(lead: UInt8, trail: UInt8) -> PackedKey? {
        guard lead >= 0xC3 && lead <= 0xC9 && trail & 0xC0 == 0x80 else { return nil }
        let value = UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)
        guard value >= Self.first && value <= Self.last else { return nil }
        let slot = Int(value - Self.first)
        var word = slots[slot].load(ordering: .relaxed)
        if word == Self.unknown {
            word = Self.pack(value)
            slots[slot].store(word, ordering: .relaxed)
        }
        return word == Self.absent ? nil : PackedKey(word: word)
    }

    /// The packed key of the letter `value`, made the full way; ``absent`` when it is no letter of
    /// the table or its key is longer than seven bytes.
    private static func pack(_ value: UInt32) -> UInt64 {
        guard let scalar = Unicode.Scalar(value) else { return absent }
        let bytes = Array(String(Character(scalar)).utf8)
        let key = bytes.withUnsafeBufferPointer { NameKey.normalize($0) }
        let decoded = String(decoding: key, as: UTF8.self).unicodeScalars
        let startsWithBase = decoded.first.map { $0.properties.canonicalCombiningClass.rawValue == 0 } ?? false
        let hasSpace = decoded.contains { $0.properties.isWhitespace }
        guard startsWithBase && !hasSpace, !key.isEmpty, key.count <= 7 else { return absent }
        var word = UInt64(key.count)
        for (position, byte) in key.enumerated() { word |= UInt64(byte) << (8 * (position + 1)) }
        return word
    }
}
