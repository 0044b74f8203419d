import YAML

extension ListEditor {
    /// How an edit made as the list is read in parts ended.
    public enum PartsEdit: Sendable {
        /// The edit was made: the edited list went to the sink, and these are the notes, in the
        /// order the names were given. `changed` says whether the text differs from the file's.
        case edited(notes: [EditNote], changed: Bool)
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
    /// settings only (`buy`, `unbuy`, `done`, `undone`, `edit` without a new name). Anything that
    /// needs the whole list, a refusal above all, asks for the whole list (``PartsEdit/readWhole``).
    /// `configure` is run on each editor made.
    public static func editInParts(
        _ bytes: [UInt8], names: [String], configure: (inout ListEditor) -> Void = { _ in },
        change: (inout ListEditor, String) throws(EditRefusal) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        editInParts(bytes, names: names, chunkCapacity: nil, configure: configure, change: change, into: sink)
    }

    /// ``editInParts(_:names:configure:change:into:)`` with libyaml's events handed over
    /// `chunkCapacity` at a time (for tests).
    static func editInParts(
        _ bytes: [UInt8], names: [String], chunkCapacity: Int?, configure: (inout ListEditor) -> Void,
        change: (inout ListEditor, String) throws(EditRefusal) -> Void,
        into sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Result<PartsEdit, ReadFailure> {
        var edit = PartEdits(names: names, sink: sink)
        let read = ShoppingList.readInParts(bytes, chunkCapacity: chunkCapacity) { part in
            edit.edit(part, configure: configure, change: change)
        }
        switch read {
        case .failure(let failure):
            return .failure(failure)
        case .success(.settingsAfterItems):
            return .success(.readWhole)
        case .success(.read(let rest)):
            edit.edit(rest, configure: configure, change: change)
            return .success(edit.finish(rest) ?? .readWhole)
        }
    }
}

/// The state of an edit made part by part: which names were found, what was said, the print.
private struct PartEdits {
    let names: [String]
    let keys: [NameKey]
    /// How many items each name matched so far.
    var matches: [Int]
    /// What the changes of each name said.
    var notes: [[EditNote]]
    var changed = false
    /// Set when the edit cannot be made in parts.
    var givenUp = false
    var print: StreamedPrint
    /// The last part's list as edited, to finish the print with.
    var lastEdited: ShoppingList?
    /// Whether a part has been printed (and the top level with it).
    var printed = false

    init(names: [String], sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.names = names
        keys = names.map(NameKey.init)
        matches = Array(repeating: 0, count: names.count)
        notes = Array(repeating: [], count: names.count)
        print = StreamedPrint(sink: sink)
    }

    /// Makes the changes of the names whose items are in `part`, and prints it.
    mutating func edit(
        _ part: ShoppingList, configure: (inout ListEditor) -> Void,
        change: (inout ListEditor, String) throws(EditRefusal) -> Void
    ) {
        guard !givenUp else { return }
        // A refusal, a name of several items, a change that breaks the list's shape: the whole
        // list is edited instead, and says why.
        givenUp = true
        var editor: ListEditor
        do throws(EditRefusal) {
            // Checked part by part, as the whole list would be: its shape must be a list's.
            editor = try ListEditor(list: part)
            configure(&editor)
            for (position, name) in names.enumerated() where !keys[position].isEmpty {
                let found = editor.items(matching: keys[position]).count
                guard found > 0 else { continue }
                matches[position] += found
                guard matches[position] == 1 else { return }
                let before = editor.notes.count
                try change(&editor, name)
                notes[position].append(contentsOf: editor.notes[before...])
            }
        } catch {
            return
        }
        var edited = part
        if editor.changed {
            edited = editor.editedList
            // One re-check of what the changes made.
            guard edited.check(RuleRegistry.structural).isEmpty else { return }
            changed = true
        }
        givenUp = false
        if case .rest = part.scope {
            lastEdited = edited
        } else if let items = edited.itemsNode {
            // The top level is printed with the first part.
            print.print(part: edited.document, sequence: items, policy: CanonicalForm.policy(for: edited, topLevel: !printed))
            printed = true
        }
    }

    /// Ends the print with the last part; nil when the edit cannot be made in parts.
    mutating func finish(_ rest: ShoppingList) -> ListEditor.PartsEdit? {
        guard !givenUp, matches.allSatisfy({ $0 == 1 }), let last = lastEdited,
            print.finish(last.document, policy: CanonicalForm.policy(for: last))
        else { return nil }
        return .edited(notes: notes.flatMap { $0 }, changed: changed)
    }
}
