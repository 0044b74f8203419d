extension Document {
    /// The document in canonical form: block style with two-space indentation, every comment kept,
    /// blank lines kept (one of a run) where the policy allows, LF line ends and one final newline.
    public func formatted(policy: PrintPolicy = PrintPolicy()) -> [UInt8] {
        // Gathered chunk by chunk into room taken once for about the source's size: printing it
        // all into the print's own buffer and copying that out would hold the text twice (11 MB
        // more at the peak of a merge of 100,000 items). Room never written costs no memory.
        let size = source.bytes.count
        var text: [UInt8] = []
        text.reserveCapacity(size + size / 8 + 4096)
        format(policy: policy) { text.append(contentsOf: $0) }
        return text
    }

    /// The canonical text, handed to `sink` in chunks of about `chunkSize` bytes as it is produced, so
    /// that a large document is never held twice in memory.
    public func format(
        policy: PrintPolicy = PrintPolicy(), chunkSize: Int = 1 << 16, into sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(sink) { sink in
            _ = CanonicalPrinter.print(self, policy: policy, chunkSize: chunkSize, sink: sink)
        }
    }
}
