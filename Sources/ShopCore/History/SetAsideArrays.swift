/// Where `history` sets what it followed so far aside while a long version's text is read, so
/// that the two are never held at once: bytes taken in order and read back in the same order.
public protocol SetAsideSpool {
    /// Why bytes could not be read back.
    associatedtype Failure: Error
    /// Forgets what was taken before: new bytes follow, and are read back from their start.
    mutating func restart()
    /// Takes the next bytes.
    mutating func take(_ piece: UnsafeBufferPointer<UInt8>)
    /// Fills `buffer` with the next bytes not yet read back, in the order they were taken; they
    /// are there, since they were taken, unless the spool cannot read them (a failing disk).
    mutating func readBack(into buffer: UnsafeMutableRawBufferPointer) throws(Failure)
}

/// A spool in memory (for tests, and for short lists).
public struct SetAsideInMemory: SetAsideSpool {
    private var bytes: [UInt8] = []
    private var readUpTo = 0

    /// An empty spool.
    public init() {}

    /// Forgets the bytes held.
    public mutating func restart() {
        bytes = []
        readUpTo = 0
    }

    /// Holds `piece` after what is held.
    public mutating func take(_ piece: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: piece) }

    /// Copies the next bytes held into `buffer`.
    public mutating func readBack(into buffer: UnsafeMutableRawBufferPointer) {
        let end = readUpTo + buffer.count
        precondition(end <= bytes.count, "more bytes read back than were taken")
        bytes.withUnsafeBytes { held in buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: held[readUpTo..<end])) }
        readUpTo = end
    }
}

/// Flat arrays written one after another into a ``SetAsideSpool``, each its count and then its
/// bytes, and read back in the same order straight into arrays of their size: what is set aside
/// is never held twice on its way back.
enum SetAsideArrays {
    /// Writes `array` after what `spool` took before.
    static func write<Element: BitwiseCopyable, Spool: SetAsideSpool>(_ array: [Element], to spool: inout Spool) {
        withUnsafeBytes(of: Int64(array.count).littleEndian) { count in
            spool.take(count.bindMemory(to: UInt8.self))
        }
        array.withUnsafeBytes { bytes in
            spool.take(bytes.bindMemory(to: UInt8.self))
        }
    }

    /// The next array `spool` gives back; its elements are of the type it was written with.
    static func read<Element: BitwiseCopyable, Spool: SetAsideSpool>(
        _ type: Element.Type = Element.self, from spool: inout Spool
    ) throws(Spool.Failure) -> [Element] {
        var count = Int64(0)
        try withUnsafeMutableBytes(of: &count) { (bytes) throws(Spool.Failure) in try spool.readBack(into: bytes) }
        var failure: Spool.Failure?
        let array = [Element](unsafeUninitializedCapacity: Int(Int64(littleEndian: count))) { buffer, initialized in
            do throws(Spool.Failure) {
                try spool.readBack(into: UnsafeMutableRawBufferPointer(buffer))
                initialized = buffer.count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return array
    }
}
