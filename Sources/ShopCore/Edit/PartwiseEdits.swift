import YAML

/// An edit that can be made part by part: what it does with the editor of each part, and what it
/// says once every part is edited.
protocol PartwiseEdit {
    /// Makes the changes that fall in the part `editor` edits, which is the list's first part or
    /// its last (or both) as `place` says; false, or a refusal, when the edit cannot be made in
    /// parts.
    mutating func change(_ editor: inout ListEditor, place: PartPlace) throws(EditRefusal) -> Bool
    /// What the edit says, once every part was edited; nil when it cannot be made in parts.
    func notes() -> [EditNote]?
    /// Why the edit is refused, once every part was edited; nil when it is not.
    func refusal() -> EditRefusal?
    /// The new items that go among the items of the part at `place`, which holds `count` items
    /// once `change` made its changes, in the order they are printed: new items made apart from
    /// the part's editor, a batch at a time (``newItems(_:)``), so that an edit that adds many
    /// holds few of them at once.
    mutating func insertions(place: PartPlace, count: Int) -> [PartInsertion]
    /// The new items `items` (as ``insertions(place:count:)`` numbers them) in a list of their
    /// own; nil when they cannot be made.
    func newItems(_ items: Range<Int>) -> NewItems?
    /// Adds the new items of `insertions` in the editor of the part at `place` instead, for a
    /// print that cannot have them apart.
    func add(_ insertions: [PartInsertion], to editor: inout ListEditor, place: PartPlace)
}

extension PartwiseEdit {
    func refusal() -> EditRefusal? { nil }
    func insertions(place: PartPlace, count: Int) -> [PartInsertion] { [] }
    func newItems(_ items: Range<Int>) -> NewItems? { nil }
    func add(_ insertions: [PartInsertion], to editor: inout ListEditor, place: PartPlace) {}
}

/// New items that go among a part's items, before one of them or after the list's last.
struct PartInsertion {
    /// The index in the part of the item they go before; nil after the list's last item (in its
    /// last part).
    var before: Int?
    /// The new items, as the edit numbers them.
    var items: Range<Int>

    /// How many new items are made into one list at a time: a few hundred, as a part of a list
    /// read in parts holds.
    static let batchSize = 256
}

/// New items in a list of their own, made apart from the list they go into, which they are
/// printed in and compared with as if they were its items.
struct NewItems {
    /// The new items, with the settings of the list they go into, as its editor would make them.
    var list: ShoppingList
    /// The same list without them: what a diff compares them with.
    var empty: ShoppingList
}

/// Where a part is among the list's parts.
struct PartPlace {
    /// The position of the part's first item among all the list's items.
    var firstPosition: Int
    /// The part holds the list's first item.
    var isFirst: Bool { firstPosition == 0 }
    /// The part holds the list's last item.
    var isLast: Bool
}

/// Changes of named items: each name's change on the editor of the part that holds its item.
struct NamedChanges: PartwiseEdit {
    let names: [String]
    let keys: [NameKey]
    /// The key of a new name the change gives, which no other item may have.
    let claimed: NameKey?
    /// Whether the change may be made on the first or last item of a part that is not the
    /// list's first or last: false for a change that reaches the items around its own.
    let atPartEnds: Bool
    let change: (inout ListEditor, String) throws(EditRefusal) -> Void
    /// How many items each name matched so far.
    var matches: [Int]
    /// What the changes of each name said.
    var said: [[EditNote]]
    /// The refusal of the new name, for the first other item that has it.
    var taken: EditRefusal?

    init(
        names: [String], claiming newName: String?, atPartEnds: Bool,
        change: @escaping (inout ListEditor, String) throws(EditRefusal) -> Void
    ) {
        self.names = names
        keys = names.map(NameKey.init)
        claimed = newName.map { NameKey($0.trimmingWhiteSpace()) }
        self.atPartEnds = atPartEnds
        self.change = change
        matches = Array(repeating: 0, count: names.count)
        said = Array(repeating: [], count: names.count)
    }

    mutating func change(_ editor: inout ListEditor, place: PartPlace) throws(EditRefusal) -> Bool {
        var changedItems: [NodeID] = []
        let records = editor.list.records
        for (position, name) in names.enumerated() where !keys[position].isEmpty {
            let found = editor.items(matching: keys[position])
            guard let item = found.first else { continue }
            matches[position] += found.count
            guard matches[position] == 1 else { return false }
            if !atPartEnds {
                let node = Int32(truncatingIfNeeded: item.node.index)
                if (!place.isFirst && records.first?.node == node) || (!place.isLast && records.last?.node == node) {
                    return false
                }
            }
            changedItems.append(item.node)
            let before = editor.notes.count
            try change(&editor, name)
            said[position].append(contentsOf: editor.notes[before...])
        }
        // Another item with the new name, in this part or any other: refused as the whole list's
        // editor refuses it, naming the first one (in this part, the part's editor refused it).
        if let claimed, !claimed.isEmpty, taken == nil,
            let other = editor.items(matching: claimed).first(where: { !changedItems.contains($0.node) })
        {
            taken = ListEditor.takenName(other, as: names[0], in: editor.list)
        }
        return true
    }

    func refusal() -> EditRefusal? { taken }

    func notes() -> [EditNote]? {
        matches.allSatisfy { $0 == 1 } ? said.flatMap { $0 } : nil
    }
}

/// `clear`: each part's items taken off the list, counted across the parts.
struct ClearedItems: PartwiseEdit {
    let all: Bool
    var cleared = 0

    mutating func change(_ editor: inout ListEditor, place: PartPlace) throws(EditRefusal) -> Bool {
        cleared += try editor.takeItemsOff(all: all)
        return true
    }

    func notes() -> [EditNote]? {
        [ListEditor.clearNote(cleared: cleared, all: all)]
    }
}

/// Where ``ListEditor/add(_:)`` puts a new item in a list read in parts, found on a read of
/// every part (``ItemFacts``): before the item after the last one of its category, else at the end
/// (as among all the list's items); and whether an item has its name already.
struct NewItemPlaceFinder {
    let name: NameKey
    let category: NameKey?
    private var facts: ItemFacts

    init(name: NameKey, category: NameKey?) {
        self.name = name
        self.category = category
        facts = ItemFacts(questions: ItemQuestions(names: [name], categories: category.map { [$0] } ?? []))
    }

    mutating func look(at part: ShoppingList) {
        facts.look(at: part)
    }

    /// Whether a part has structure errors, which the whole list's editor refuses first.
    var broken: Bool { facts.broken }

    /// The refusal of the name, for the first item that has it.
    var taken: EditRefusal? {
        facts.named[name]?.first.map { item in ListEditor.takenName(item.name ?? "", line: facts.line(of: item)) }
    }

    /// The place; nil when the name is taken or the list is broken.
    var place: AddedItem.Place? {
        guard taken == nil, !broken else { return nil }
        return category.flatMap(facts.insertionPoint(for:)).map { .before($0) } ?? .end
    }
}

/// `add`: the new item added by the editor of the part that holds its place.
struct AddedItem: PartwiseEdit {
    /// Where the item goes, among all the list's items.
    enum Place {
        case before(Int)
        case end
    }

    let values: ItemValues
    let place: Place
    /// What adding it said; nil until it is added.
    var said: [EditNote]?

    mutating func change(_ editor: inout ListEditor, place part: PartPlace) throws(EditRefusal) -> Bool {
        let count = editor.list.records.count
        let local: ListEditor.NewItemPlace
        switch place {
        case .before(let position) where position >= part.firstPosition && position < part.firstPosition + count:
            local = .before(position: position - part.firstPosition)
        case .end where part.isLast:
            local = .end
        default:
            return true
        }
        try editor.add(values, at: local)
        said = editor.notes
        return true
    }

    func notes() -> [EditNote]? { said }
}
