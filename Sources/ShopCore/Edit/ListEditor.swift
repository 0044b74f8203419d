import YAML

/// Changes a list the way a careful person editing the file would: exactly what was asked, in
/// canonical form, with every comment and every other key kept, and nothing that breaks a rule.
///
/// The changes of one command are collected against the list as it was read and made together,
/// as one batch, when ``document`` is asked for: the list is decoded once, however many items a
/// command changes.
public struct ListEditor: Sendable {
    /// The list as it was read.
    public let list: ShoppingList
    /// What the command told the person, in order.
    public private(set) var notes: [EditNote] = []

    /// The key changes planned for one item. The item is kept by its position and node, not as an
    /// ``Item`` (which holds the list): `clear --all` of a long list plans one for every item.
    struct ItemPlan: Sendable {
        /// The item's position among the list's items, and its mapping's node.
        var position: Int
        var node: Int
        /// Keys to set, with their new values.
        var sets: [(key: ItemKey, value: Fragment)] = []
        /// Keys to remove, as written (known keys and `x-` or unknown ones).
        var unsets: [String] = []
    }

    /// Changes to items, by the item's node, and the order in which items were first changed.
    var plans: [Int: ItemPlan] = [:]
    var planOrder: [Int] = []
    /// Whole-item changes: items removed and added.
    var itemChanges = DocumentEdit()
    /// The items each command has already handled, so that naming an item twice in one command
    /// (`shop rm Tea tea`) changes it once.
    var handled: [String: Set<Int>] = [:]
    /// The items removed: nothing else changes them.
    var removedItems: Set<Int> = []
    /// The categories appended to `categories`.
    var addedCategories: Set<NameKey> = []
    /// How the person runs shop on this list, for the commands that refusals suggest: `shop`, or
    /// `shop -f FILE` when the list was named on the command line.
    public var command = "shop"
    /// The catalog's file as the person names it (`catalog.yaml`), for messages and the commands
    /// they suggest.
    public var catalogName = "the catalog"
    /// The changes to the catalog the list names, once one is planned (see ``CatalogChanges``).
    var catalogChanges: CatalogChanges?

    /// Starts editing a document. A document with syntax or structure errors cannot be edited.
    public init(document: Document) throws(EditRefusal) {
        try self.init(list: ShoppingList(document: document))
    }

    /// Starts editing a list already decoded from its document, without decoding it again. A list
    /// with syntax or structure errors cannot be edited.
    public init(list: ShoppingList) throws(EditRefusal) {
        self.list = list
        let structural = list.check([.structure])
        if !structural.isEmpty {
            throw EditRefusal(
                "the file has errors that must be fixed by hand first (see 'shop check')",
                diagnostics: structural.resolved(in: list.document.source))
        }
    }

    /// Whether the command changes the list file or its catalog.
    public var changed: Bool { listChanged || catalogChanged }

    /// Whether the command changes the list file.
    public var listChanged: Bool { !plans.isEmpty || !itemChanges.isEmpty }

    /// Whether the command changes the catalog the list names.
    public var catalogChanged: Bool { catalogChanges?.editor.listChanged ?? false }

    /// The document with every change so far made, in one pass.
    public var document: Document {
        guard listChanged else { return list.document }
        return list.document.applying(pendingEdit)
    }

    /// The list with every change so far made, in one pass, decoded: the items the changes did
    /// not touch keep the records they had.
    public var editedList: ShoppingList {
        listChanged ? list.applying(pendingEdit) : list
    }

    /// The catalog with every change planned for it made; nil when the command does not change it.
    public var editedCatalog: ShoppingList? {
        guard let catalogChanges, catalogChanges.editor.listChanged else { return nil }
        return catalogChanges.editor.editedList
    }

    /// ``editedList``, made from an editor that ends here (its notes and ``editedCatalog`` are to
    /// be taken first). What the changes took (the plans of `clear --all`, the new items of a
    /// large import) is let go of once they are one batch, and the list as read once the edited
    /// document is made, when nothing else holds it: an edit of a long list then never holds two
    /// trees and the records of both at once.
    public consuming func takeEditedList() -> ShoppingList {
        guard listChanged else { return list }
        let edit = pendingEdit
        let read = list
        _ = consume self
        return (consume read).applying(edit)
    }

    /// Every change so far, as one edit of the document.
    private var pendingEdit: DocumentEdit {
        var edit = itemChanges
        for node in planOrder {
            guard let plan = plans[node] else { continue }
            addChanges(of: plan, to: &edit)
        }
        return edit
    }

    // MARK: Planning

    /// Plans setting `key` of `item` to `value`.
    mutating func plan(_ item: Item, set key: ItemKey, to value: Fragment) {
        updatePlan(of: item) { plan in
            plan.sets.removeAll { $0.key == key }
            plan.sets.append((key, value))
        }
    }

    /// Plans removing every entry with the key `key` from `item`.
    mutating func plan(_ item: Item, unset key: String) {
        updatePlan(of: item) { plan in
            if !plan.unsets.contains(key) { plan.unsets.append(key) }
        }
    }

    /// Changes the plan of `item` (a new one when it has none); a removed item is left alone.
    private mutating func updatePlan(of item: Item, _ change: (inout ItemPlan) -> Void) {
        let node = item.node.index
        guard !removedItems.contains(node) else { return }
        if plans[node] == nil { planOrder.append(node) }
        change(&plans[node, default: ItemPlan(position: item.position, node: node)])
    }

    /// The document changes of one item's plan: values replaced in place (their comments stay),
    /// new entries where the canonical key order puts them, removed entries' comments kept.
    private func addChanges(of plan: ItemPlan, to edit: inout DocumentEdit) {
        let document = list.document
        let item = list.items[plan.position]
        let mapping = document.node(item.node)
        let entries = mapping.entries
        let removed = Set(
            entries.indices.filter { index in entries[index].key.value.map(plan.unsets.contains) ?? false })
        for (key, value) in plan.sets.sorted(by: { $0.key.rank < $1.key.rank }) {
            if let existing = item.valueNode(key) {
                edit.replace(existing, with: value)
                continue
            }
            let next = entries.first { Self.rank($0.key) > key.rank }
            edit.insertEntry(key: .plain(key.rawValue), value: Subtree(value), into: mapping.id, before: next?.key.id)
        }
        guard !removed.isEmpty else { return }
        // The line a removed key's end-of-line comment moves to: the first one printed, which is
        // the entry of the lowest canonical rank that stays.
        let firstLine = entries.indices.filter { !removed.contains($0) }.min { lhs, rhs in
            (Self.rank(entries[lhs].key), lhs) < (Self.rank(entries[rhs].key), rhs)
        }.map { entries[$0].value }
        for index in removed.sorted() {
            edit.removeEntry(
                key: entries[index].key.id, comments: .keep(firstLine: firstLine?.isScalar == true ? firstLine?.id : nil))
        }
    }

    static func rank(_ key: Node) -> Int {
        key.value.flatMap(ItemKey.init(rawValue:))?.rank ?? ItemKey.allCases.count
    }

    mutating func note(_ kind: EditNote.Kind, _ message: String) {
        notes.append(EditNote(kind, message))
    }

    /// Runs `body` on the editor of the list's catalog, made when first needed (a catalog with
    /// structure errors is refused then, naming it); what it says is said of the catalog.
    mutating func withCatalogEditor<Result>(
        _ body: (inout ListEditor) throws(EditRefusal) -> Result
    ) throws(EditRefusal) -> Result {
        guard let catalog = list.catalog else { throw EditRefusal("the list names no catalog that can be read") }
        var changes: CatalogChanges
        let said: Int
        let result: Result
        do throws(EditRefusal) {
            if let made = catalogChanges {
                changes = made
            } else {
                var editor = try ListEditor(list: catalog)
                editor.command = "shop -f " + Self.quotedForShell(catalogName)
                changes = .planned(editor)
            }
            said = changes.editor.notes.count
            result = try body(&changes.editor)
        } catch {
            throw EditRefusal(catalogName + ": " + error.message, diagnostics: error.diagnostics)
        }
        for index in changes.editor.notes.indices.dropFirst(said) {
            let note = changes.editor.notes[index]
            notes.append(EditNote(note.kind, note.message, file: .catalog))
        }
        catalogChanges = changes
        return result
    }
}

/// The changes a command plans for the catalog a list names: an editor of the catalog, held
/// indirectly because an editor cannot hold an editor directly.
indirect enum CatalogChanges: Sendable {
    case planned(ListEditor)

    /// The catalog's editor.
    var editor: ListEditor {
        get { switch self { case .planned(let editor): editor } }
        set { self = .planned(newValue) }
    }
}
