import YAML

extension CanonicalForm {
    /// Prints the list `bytes` hold in canonical form as it is read in parts
    /// (``ShoppingList/readInParts(_:limits:_:)``), handing the text to `sink` in chunks: a long
    /// list is printed in the memory of a few hundred items. The text is the one ``format(_:)``
    /// prints of the whole list.
    ///
    /// A list that cannot be printed in parts (its settings after its items, its items written in
    /// brackets, a top level that is not a block mapping) is read again whole and printed from
    /// that: `restart` is called first, and what `sink` had been given until then is not the text.
    /// A file that is not one readable document gets its findings, and what `sink` was given is
    /// not a text either.
    public static func formatInParts(
        _ bytes: [UInt8], restart: () -> Void, into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<Void, ReadFailure> {
        formatInParts(bytes, chunkCapacity: nil, restart: restart, into: sink)
    }

    /// ``formatInParts(_:restart:into:)`` with libyaml's events handed over `chunkCapacity` at a time
    /// (for tests).
    static func formatInParts(
        _ bytes: [UInt8], chunkCapacity: Int?, restart: () -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<Void, ReadFailure> {
        var print = StreamedPrint(sink: sink)
        var first = true
        let read = ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity) { part in
            guard let items = part.itemsNode else { return }
            // The top level is printed with the first part.
            print.print(part: part.document, sequence: items, policy: policy(for: part, topLevel: first))
            first = false
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(.read(let rest)):
            if print.finish(rest.document, policy: policy(for: rest)) { return .success(()) }
        case .success(.settingsAfterItems):
            break
        }
        restart()
        return ShoppingList.read(bytes).map { list in
            list.document.format(policy: policy(for: list), into: sink)
        }
    }
}
