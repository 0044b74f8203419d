/// A hash function git names objects by, fed in pieces.
public protocol GitHashFunction {
    /// A hash of nothing yet.
    init()
    /// Adds `bytes` to what is hashed.
    mutating func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest of everything added.
    mutating func finish() -> [UInt8]
}

extension GitHashFunction {
    /// Adds `bytes` to what is hashed.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hash = Self()
        hash.update(bytes)
        return hash.finish()
    }
}

/// The state of a hash of 64-byte blocks (SHA-1's, SHA-256's), and what a block does to it.
protocol BlockCompressor {
    mutating func compress(_ block: UnsafeRawBufferPointer)
}

/// What SHA-1 and SHA-256 share: bytes gathered into 64-byte blocks for the compressor, and the
/// padding at the end (a 1 bit, zeros, the message's length in bits as a big-endian 64-bit
/// number).
struct HashBlocks<Compressor: BlockCompressor> {
    /// The state the blocks went into.
    private(set) var compressor: Compressor
    private var pending = [UInt8](repeating: 0, count: 64)
    private var pendingCount = 0
    private var length: UInt64 = 0

    init(compressor: Compressor) {
        self.compressor = compressor
    }

    /// Compresses each full block of what was fed so far and `bytes`, keeping the rest. Whole
    /// blocks of `bytes` are compressed where they lie, without a copy.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        length &+= UInt64(bytes.count)
        var offset = 0
        if pendingCount > 0 {
            let taken = min(64 - pendingCount, bytes.count)
            for index in 0..<taken { pending[pendingCount + index] = bytes[index] }
            pendingCount += taken
            offset = taken
            guard pendingCount == 64 else { return }
            let full = pending
            full.withUnsafeBytes { compressor.compress($0) }
            pendingCount = 0
        }
        while bytes.count - offset >= 64 {
            compressor.compress(UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + 64)]))
            offset += 64
        }
        for index in offset..<bytes.count { pending[index - offset] = bytes[index] }
        pendingCount = bytes.count - offset
    }

    /// Pads the message and compresses the last block or two.
    mutating func finish() {
        let bits = length &* 8
        let used = (pendingCount + 1) % 64
        var tail: [UInt8] = [0x80] + [UInt8](repeating: 0, count: used <= 56 ? 56 - used : 120 - used)
        tail += (0..<8).map { UInt8(truncatingIfNeeded: bits >> (56 - 8 * UInt64($0))) }
        tail.withUnsafeBytes { feed($0) }
    }

    /// The big-endian 32-bit word at `offset`.
    @inline(__always)
    static func bigEndianWord(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The four bytes of `word`, most significant first.
    static func bigEndianBytes(_ word: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * $0)) }
    }
}

extension UInt32 {
    /// The bits turned `count` places left (masking shifts: the amounts are known to be in
    /// range, and Swift's checked `<<` would test them at every step).
    @inline(__always)
    func rotatedLeft(_ count: UInt32) -> UInt32 { self &<< count | self &>> (32 &- count) }
    /// The bits turned `count` places right.
    @inline(__always)
    func rotatedRight(_ count: UInt32) -> UInt32 { self &>> count | self &<< (32 &- count) }
}
