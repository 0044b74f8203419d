extension VersionReading {
    /// Reads the version `bytes` hold as ``list(_:)`` reads it, with the same answer on whether it
    /// can be read, but in parts where it can be (see ``ShoppingList/readInParts(_:limits:_:)``):
    /// each part, or else the whole list, is handed to `part` with the state `start` made, and the
    /// state is returned. A list read in parts and then found to need reading whole starts over
    /// with a fresh state. A text shorter than ``inPartsMinimumSize`` is read whole: its parts
    /// would save little, and a read in parts that gives no part is read again whole.
    ///
    /// `chunkCapacity` and `minimumSize` cut short versions into parts, for tests.
    static func inParts<State>(
        _ bytes: [UInt8], chunkCapacity: Int? = nil, minimumSize: Int = inPartsMinimumSize, start: () -> State,
        part: (inout State, ShoppingList) throws(Unreadable) -> Void
    ) -> Result<State, Unreadable> {
        if bytes.count >= minimumSize, let read = readParts(bytes, chunkCapacity: chunkCapacity, start: start, part: part) {
            return read
        }
        var state = start()
        switch list(bytes) {
        case .failure(let unreadable):
            return .failure(unreadable)
        case .success(let whole):
            do throws(Unreadable) {
                try part(&state, whole)
                return .success(state)
            } catch {
                return .failure(error)
            }
        }
    }

    /// From 1 MiB on, a version is read in parts.
    static let inPartsMinimumSize = 1 << 20

    /// ``inParts(_:chunkCapacity:minimumSize:start:part:)`` in parts; nil when the whole read is to
    /// tell what is wrong with the version, or when it gave no part.
    private static func readParts<State>(
        _ bytes: [UInt8], chunkCapacity: Int?, start: () -> State,
        part: (inout State, ShoppingList) throws(Unreadable) -> Void
    ) -> Result<State, Unreadable>? {
        var state = start()
        var parts = 0
        var failure: Unreadable?
        // A key written twice anywhere makes the version unreadable: the whole read says where.
        var repeatedKey = false
        // Only keys written twice are looked for, as ``list(_:)`` does: not names or ids.
        let read = ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity, findingRepeatsAcrossParts: false) { list in
            guard failure == nil, !repeatedKey else { return }
            parts += 1
            if !list.check([.duplicateKey]).isEmpty {
                repeatedKey = true
                return
            }
            do throws(Unreadable) { try part(&state, list) } catch { failure = error }
        }
        if let failure { return .failure(failure) }
        // Only a list whose top level is a mapping with its items in a sequence gives parts.
        guard !repeatedKey, parts > 0, case .success(.read(let rest)) = read, rest.check([.duplicateKey]).isEmpty else {
            return nil
        }
        do throws(Unreadable) {
            try part(&state, rest)
            return .success(state)
        } catch {
            return .failure(error)
        }
    }
}
