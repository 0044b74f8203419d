#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a print has produced and not yet handed on: one block of memory written through a
/// pointer and doubled when full (by `realloc`, which moves a large block by remapping its pages
/// instead of copying them).
///
/// A print appends a few bytes at a time, some 600,000 times for 100,000 items; through
/// `Array.append(contentsOf:)` each append cost about 50 instructions and a call to memcpy, a
/// seventh of the whole print. Here it is a bounds test and a copy.
final class PrintBuffer {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are held.
    private(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    init(capacity: Int = 1 << 16) {
        self.capacity = Swift.max(capacity, 16)
        storage = Self.allocate(self.capacity, from: nil)
    }

    deinit {
        free(storage)
    }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// Appends bytes.
    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends the bytes of an array.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Appends a string's UTF-8.
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Drops every byte from `offset` on.
    func truncate(to offset: Int) {
        count = Swift.min(count, Swift.max(offset, 0))
    }

    /// Lends the bytes held.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: storage, count: count))
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        storage = Self.allocate(newCapacity, from: storage)
        capacity = newCapacity
    }

    /// A block of `size` bytes, holding what `old` held when given.
    private static func allocate(_ size: Int, from old: UnsafeMutablePointer<UInt8>?) -> UnsafeMutablePointer<UInt8> {
        guard let block = realloc(old, size) else {
            // As the standard library does when memory runs out.
            fatalError("out of memory: a print needs \(size) bytes")
        }
        return block.assumingMemoryBound(to: UInt8.self)
    }
}
