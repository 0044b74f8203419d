import Threads

/// Reads a YAML source into a ``Document``: checks what libyaml cannot be trusted with, then runs
/// libyaml's event parser (``EventProducer``) and the ``TreeBuilder`` on one thread or two.
enum DocumentReader {
    /// How libyaml and the tree builder share the work of a read.
    enum Schedule {
        /// Both on the calling thread, taking turns chunk by chunk.
        case inline
        /// libyaml on the calling thread, the tree builder on a second one, at the same time.
        case concurrent
        /// Concurrently for inputs of at least ``concurrencyThreshold`` bytes, inline below.
        case automatic
    }

    /// The input size from which a second thread pays for itself.
    static let concurrencyThreshold = 64 * 1024

    /// The document `source` holds, or the first problem that keeps it from being read.
    static func read(
        _ source: SourceText, limits: ParseLimits, schedule: Schedule = .automatic, observer: (any ReadObserver)? = nil
    ) throws(YAMLError) -> Document {
        let bytes = source.bytes
        guard bytes.count < Int(UInt32.max) - 1 else { throw ReadErrors.tooLarge(source) }
        try checkEncoding(source)
        if source.contentStart == bytes.count {
            let storage = DocumentStorage(source: source, table: NodeTable(), root: nil, endComments: [])
            return Document(storage: storage)
        }
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<Document, YAMLError> in
            var builder = TreeBuilder(source: source, buffer: buffer, limits: limits, observer: observer)
            // The caller guarantees a non-empty buffer with content after the byte order mark.
            let input = buffer.baseAddress! + source.contentStart
            let count = buffer.count - source.contentStart
            let concurrent: Bool
            switch schedule {
            case .inline: concurrent = false
            case .concurrent: concurrent = true
            case .automatic: concurrent = count >= concurrencyThreshold
            }
            if !concurrent || !readConcurrently(input: input, count: count, into: &builder) {
                EventProducer.run(input: input, count: count, maximumDepth: limits.maximumDepth) { chunk in
                    guard builder.consume(chunk) else { return nil }
                    chunk.reset()
                    return chunk
                }
            }
            return builder.finish()
        }
        return try result.get()
    }

    /// Builds the tree on a thread of its own from the events libyaml produces on this one, so that
    /// the two overlap. libyaml stays on the calling thread, where its many small allocations are
    /// cheapest. Returns false, having read nothing, when no thread can be started.
    private static func readConcurrently(
        input: UnsafePointer<UInt8>, count: Int, into builder: inout TreeBuilder
    ) -> Bool {
        let channel = EventChannel(chunkCapacity: EventChunk.capacity(forInput: count))
        let maximumDepth = builder.limits.maximumDepth
        return withUnsafeMutablePointer(to: &builder) { builder in
            // The builder is only touched by the consumer thread until it has been joined.
            let consumer = JoinableThread.start {
                while let chunk = channel.receive() {
                    guard builder.pointee.consume(chunk) else {
                        channel.cancel()
                        break
                    }
                    channel.recycle(chunk)
                }
            }
            guard let consumer else { return false }
            EventProducer.run(input: input, count: count, maximumDepth: maximumDepth, deliver: channel.send)
            channel.close()
            consumer.join()
            return true
        }
    }

    /// Refuses UTF-16 and UTF-32 up front: libyaml would either decode them silently or report a
    /// confusing control character.
    private static func checkEncoding(_ source: SourceText) throws(YAMLError) {
        let bytes = source.bytes
        guard bytes.count >= 2 else { return }
        let utf16BOM = (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF)
        let nulPattern = bytes[0] == 0 || bytes[1] == 0
        if utf16BOM || nulPattern { throw ReadErrors.notUTF8() }
    }
}
