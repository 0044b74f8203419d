import YAML

/// The changes of one part of a list, each with the position in the part of the item it is shown
/// at (``ListDiff/positioned(old:new:options:)``).
typealias PositionedDiff = (diff: ListDiff, positions: [Int])

/// The state of an edit made part by part: the edit, whether it changed anything, the print, and
/// the preview when one is asked for.
struct PartEdits<Edit: PartwiseEdit> {
    var edit: Edit
    var changed = false
    /// Set when the edit cannot be made in parts.
    var givenUp = false
    var print: StreamedPrint
    /// The last part as edited, its new items and its changes, to finish the print with.
    var last: (edited: ShoppingList, insertions: [PartInsertion], diff: PositionedDiff?)?
    /// Whether a part has been printed (and the top level with it).
    var printed = false
    /// Given the changes of each part in list order, when asked for.
    let preview: PartsPreview?
    /// How many new items are made into one list at a time.
    let batchSize: Int

    init(
        _ edit: Edit, preview: PartsPreview? = nil, batchSize: Int = PartInsertion.batchSize,
        sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        self.edit = edit
        self.preview = preview
        self.batchSize = batchSize
        print = StreamedPrint(sink: sink)
    }

    /// Makes the edit's changes that fall in `part`, and prints it.
    mutating func edit(_ part: ShoppingList, configure: (inout ListEditor) -> Void) {
        guard !givenUp else { return }
        // A refusal, a name of several items, a change that breaks the list's shape: the whole
        // list is edited instead, and says why.
        givenUp = true
        var editor: ListEditor
        let place = PartPlace(firstPosition: part.scope.firstPosition, isLast: part.scope.holdsTopLevel)
        do throws(EditRefusal) {
            // Checked part by part, as the whole list would be: its shape must be a list's.
            editor = try ListEditor(list: part)
            configure(&editor)
            guard try edit.change(&editor, place: place) else { return }
        } catch {
            return
        }
        var insertions = edit.insertions(place: place, count: editor.list.records.count)
        if !insertions.isEmpty, case .rest = part.scope, !printed, let items = part.itemsNode,
            !StreamedPrint.begins(part.document, sequence: items)
        {
            // A list of one part, whose items are written in brackets (`items: []`): the print
            // cannot begin before the new items, which its editor then holds.
            edit.add(insertions, to: &editor, place: place)
            insertions = []
        }
        var edited = part
        if editor.changed {
            edited = editor.editedList
            // One re-check of what the changes made.
            guard edited.check(RuleRegistry.structural).isEmpty else { return }
            changed = true
        }
        if !insertions.isEmpty { changed = true }
        givenUp = false
        // A part the edit did not change has no changes to compare.
        let diff = preview != nil && editor.changed ? ListDiff.positioned(old: part, new: edited) : nil
        if let diff { preview?.noteTopLevel(of: diff.diff) }
        if case .rest = part.scope {
            last = (edited, insertions, diff)
        } else if let items = edited.itemsNode {
            // The top level is printed with the first part.
            let policy = CanonicalForm.policy(for: edited, topLevel: !printed)
            printed = true
            let entries = printEntries(of: edited, sequence: items, policy: policy, insertions: insertions, diff: diff)
            print.print(part: edited.document, sequence: items, policy: policy, entries: entries..<Int.max)
            preview?.take(diff, from: entries)
        }
    }

    /// Ends the print with the last part; nil when the edit cannot be made in parts.
    mutating func finish() -> ListEditor.PartsEdit? {
        guard !givenUp, let notes = edit.notes() else { return nil }
        if let refusal = edit.refusal() { return .refused(refusal) }
        guard let last else { return nil }
        let policy = CanonicalForm.policy(for: last.edited)
        var entries = 0
        if let items = last.edited.itemsNode {
            entries = printEntries(
                of: last.edited, sequence: items, policy: policy, insertions: last.insertions, diff: last.diff)
        }
        preview?.take(last.diff, from: entries)
        guard !givenUp, print.finish(last.edited.document, policy: policy, printedEntries: entries) else { return nil }
        return .edited(notes: notes, changed: changed)
    }

    /// Prints the entries of a part's `sequence` that go before its new items, with the new items
    /// after them, handing the preview the part's changes and the new items in the same order;
    /// returns how many of the part's entries were printed (the others go after the last new
    /// items). Gives up when new items cannot be made.
    private mutating func printEntries(
        of edited: ShoppingList, sequence: NodeID, policy: PrintPolicy, insertions: [PartInsertion], diff: PositionedDiff?
    ) -> Int {
        var entries = 0
        for insertion in insertions {
            let before = insertion.before ?? edited.records.count
            print.print(part: edited.document, sequence: sequence, policy: policy, entries: entries..<before)
            preview?.take(diff, from: entries, before: before)
            entries = before
            var batch = insertion.items.lowerBound
            while batch < insertion.items.upperBound {
                let end = min(batch + batchSize, insertion.items.upperBound)
                guard let made = edit.newItems(batch..<end), let items = made.list.itemsNode,
                    made.list.check(RuleRegistry.structural).isEmpty
                else {
                    givenUp = true
                    return entries
                }
                print.print(
                    part: made.list.document, sequence: items, policy: CanonicalForm.policy(for: made.list, topLevel: false))
                preview?.take(ListDiff(old: made.empty, new: made.list))
                batch = end
            }
        }
        return entries
    }
}

/// The changes of an edit made in parts, handed on in list order as the parts are edited (so
/// that the preview of an edit of many items never holds them all), and counted.
final class PartsPreview {
    /// Given each item change in turn.
    let sink: (ListDiff.ItemChange) -> Void
    /// The changes counted so far.
    private(set) var counts = ListDiff.Counts()
    /// Set when a part changed the top level: a part's top level is not the list's, so that the
    /// preview is made on the whole list instead.
    private(set) var topLevelChanged = false

    init(sink: @escaping (ListDiff.ItemChange) -> Void) {
        self.sink = sink
    }

    /// Hands on the item changes of `diff`.
    func take(_ diff: ListDiff) {
        for change in diff.itemChanges { take(change) }
        noteTopLevel(of: diff)
    }

    /// Notes whether `diff`, of a part, changed the top level.
    func noteTopLevel(of diff: ListDiff) {
        if !diff.listChanges.isEmpty { topLevelChanged = true }
    }

    /// Hands on the item changes of a part's `diff` at positions from `start` to before `before`
    /// (which the positions before `start` were handed on already).
    func take(_ diff: PositionedDiff?, from start: Int, before end: Int = Int.max) {
        guard let diff else { return }
        for (change, position) in zip(diff.diff.itemChanges, diff.positions) where position >= start && position < end {
            take(change)
        }
    }

    private func take(_ change: ListDiff.ItemChange) {
        counts.count(change)
        sink(change)
    }
}
