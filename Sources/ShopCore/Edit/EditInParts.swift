import YAML

extension ListEditor {
    /// How an edit made as the list is read in parts ended.
    public enum PartsEdit: Sendable {
        /// The edit was made: the edited list went to the sink, and these are the notes, in the
        /// order the names were given. `changed` says whether the text differs from the file's.
        case edited(notes: [EditNote], changed: Bool)
        /// The edit is refused, as the whole list's editor refuses it, for a new name that an item
        /// of another part has: what the sink got is not to be written.
        case refused(EditRefusal)
        /// The edit could not be made in parts: a name is not one item's, a change was refused,
        /// the file has structure errors, or the list cannot be printed in parts. What the sink
        /// got is not the edited list: make the edit on the whole list, which says why.
        case readWhole
    }

    /// Makes `change` to the item of each of `names` as the list `bytes` hold is read in parts
    /// (``ShoppingList/readInParts(_:limits:_:)``), handing the edited list in canonical form to
    /// `sink` as it goes: an edit of a long list in the memory of a few hundred items.
    ///
    /// The change of each name is made on an editor of the part that holds its item, exactly as
    /// on an editor of the whole list: for changes that look at their own item and the list's
    /// settings only (`buy`, `unbuy`, `done`, `undone`, `edit`). A change that gives an item a new
    /// name passes it as `claiming`: every part is searched for another item of that name, as the
    /// whole list's editor searches the whole list, and the edit refused as it refuses it
    /// (``PartsEdit/refused(_:)``). Anything else that needs the whole list, a refusal above all,
    /// asks for the whole list (``PartsEdit/readWhole``). `configure` is run on each
    /// editor made.
    public static func editInParts(
        _ bytes: [UInt8], names: [String], claiming newName: String? = nil,
        configure: (inout ListEditor) -> Void = { _ in },
        change: (inout ListEditor, String) throws(EditRefusal) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        editInParts(
            bytes, names: names, claiming: newName, chunkCapacity: nil, configure: configure, change: change, into: sink)
    }

    /// ``editInParts(_:names:claiming:configure:change:into:)`` with libyaml's events handed over
    /// `chunkCapacity` at a time (for tests).
    static func editInParts(
        _ bytes: [UInt8], names: [String], claiming newName: String? = nil, chunkCapacity: Int?,
        configure: (inout ListEditor) -> Void,
        change: (inout ListEditor, String) throws(EditRefusal) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        withoutActuallyEscaping(change) { change in
            let named = NamedChanges(names: names, claiming: newName, atPartEnds: true, change: change)
            return editPartwise(bytes, chunkCapacity: chunkCapacity, named, configure: configure, into: sink)
        }
    }

    /// ``clear(all:)`` made as the list `bytes` hold is read in parts, as
    /// ``editInParts(_:names:claiming:configure:change:into:)`` makes changes: each part's items
    /// are taken off the list by an editor of that part, and the note counts those of every part.
    public static func clearInParts(
        _ bytes: [UInt8], all: Bool, configure: (inout ListEditor) -> Void = { _ in },
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        clearInParts(bytes, all: all, chunkCapacity: nil, configure: configure, into: sink)
    }

    /// ``clearInParts(_:all:configure:into:)`` with libyaml's events handed over `chunkCapacity` at
    /// a time (for tests).
    static func clearInParts(
        _ bytes: [UInt8], all: Bool, chunkCapacity: Int?, configure: (inout ListEditor) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        editPartwise(bytes, chunkCapacity: chunkCapacity, ClearedItems(all: all), configure: configure, into: sink)
    }

    /// ``remove(_:)`` of each of `names` made as the list `bytes` hold is read in parts, as
    /// ``editInParts(_:names:claiming:configure:change:into:)`` makes changes. A removed item's
    /// blank line goes to the item after it, which may be in the next part, and a part's first
    /// item is the first of its part's sequence, which keeps no blank line: an item at either end
    /// of a part (but the list's own first and last) is removed on the whole list.
    public static func removeInParts(
        _ bytes: [UInt8], names: [String], configure: (inout ListEditor) -> Void = { _ in },
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        removeInParts(bytes, names: names, chunkCapacity: nil, configure: configure, into: sink)
    }

    /// ``removeInParts(_:names:configure:into:)`` with libyaml's events handed over
    /// `chunkCapacity` at a time (for tests).
    static func removeInParts(
        _ bytes: [UInt8], names: [String], chunkCapacity: Int?, configure: (inout ListEditor) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        let removals = NamedChanges(names: names, claiming: nil, atPartEnds: false) { editor, name throws(EditRefusal) in
            try editor.remove(name)
        }
        return editPartwise(bytes, chunkCapacity: chunkCapacity, removals, configure: configure, into: sink)
    }

    /// ``add(_:)`` made as the list `bytes` hold is read in parts. A first read finds where the new
    /// item goes (after the last item of its category, among all the list's items) and whether an
    /// item has its name already (then the edit is refused as the whole list's editor refuses
    /// it); a second read makes the edit as ``editInParts(_:names:claiming:configure:change:into:)``
    /// does, the item added in the part that holds its place.
    public static func addInParts(
        _ bytes: [UInt8], values: ItemValues, configure: (inout ListEditor) -> Void = { _ in },
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        addInParts(bytes, values: values, chunkCapacity: nil, configure: configure, into: sink)
    }

    /// ``addInParts(_:values:configure:into:)`` with libyaml's events handed over `chunkCapacity`
    /// at a time (for tests).
    static func addInParts(
        _ bytes: [UInt8], values: ItemValues, chunkCapacity: Int?, configure: (inout ListEditor) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        guard let name = values.name?.trimmingWhiteSpace(), !NameKey(name).isEmpty else { return .success(.readWhole) }
        var finder = NewItemPlaceFinder(name: NameKey(name), category: values.category.map(NameKey.init))
        switch ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity, { finder.look(at: $0) }) {
        case .failure(let failure):
            return .failure(failure)
        case .success(.settingsAfterItems):
            return .success(.readWhole)
        case .success(.read(let rest)):
            finder.look(at: rest)
        }
        // A list with structure errors is refused for those first, by the whole list's editor.
        if !finder.broken, let taken = finder.taken { return .success(.refused(taken)) }
        guard let place = finder.place else { return .success(.readWhole) }
        return editPartwise(bytes, chunkCapacity: chunkCapacity, AddedItem(values: values, place: place), configure: configure, into: sink)
    }

    /// Reads `bytes` in parts, makes `edit` on an editor of each part and prints what it made.
    /// `preview`, when given, is given the changes in list order; new items are made
    /// `batchSize` at a time.
    static func editPartwise<Edit: PartwiseEdit>(
        _ bytes: [UInt8], chunkCapacity: Int?, _ edit: Edit, configure: (inout ListEditor) -> Void,
        preview: PartsPreview? = nil, batchSize: Int = PartInsertion.batchSize,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        var parts = PartEdits(edit, preview: preview, batchSize: batchSize, sink: sink)
        let read = ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity) { part in
            parts.edit(part, configure: configure)
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(.settingsAfterItems):
            return .success(.readWhole)
        case .success(.read(let rest)):
            parts.edit(rest, configure: configure)
            return .success(parts.finish() ?? .readWhole)
        }
    }
}
