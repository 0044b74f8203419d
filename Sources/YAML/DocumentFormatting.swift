extension Document {
    /// The document in canonical form: block style with two-space indentation, every comment kept,
    /// blank lines kept (one of a run) where the policy allows, LF line ends and one final newline.
    public func formatted(policy: PrintPolicy = PrintPolicy()) -> [UInt8] {
        CanonicalPrinter.print(self, policy: policy, chunkSize: nil, sink: nil)
    }

    /// The canonical text, handed to `sink` in chunks of about `chunkSize` bytes as it is produced, so
    /// that a large document is never held twice in memory.
    public func format(
        policy: PrintPolicy = PrintPolicy(), chunkSize: Int = 1 << 16, into sink: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        withoutActuallyEscaping(sink) { sink in
            let rest = CanonicalPrinter.print(self, policy: policy, chunkSize: chunkSize, sink: sink)
            rest.withUnsafeBufferPointer { if !$0.isEmpty { sink($0) } }
        }
    }
}
