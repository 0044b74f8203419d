import JSON

/// What changed between two versions of a list, item by item: items added, removed and changed
/// (matched as merge matches them: by `id`, by name, and renames), the changes at the top level
/// (`title`, `currency`, `categories`, other keys, the file's own comments), and, when asked for,
/// items that moved. Formatting never counts: values are compared by what they mean.
///
/// ``text()`` and ``json()`` write it as `shop diff` does; `ListDiff(old:new:)` is all a caller
/// needs to show what an operation would change.
public struct ListDiff: Sendable, Equatable {
    /// What to compare besides values and comments.
    public struct Options: Sendable, Equatable {
        /// Whether moves of items (and of categories) are shown and count as changes.
        public var order: Bool

        /// Options; by default moves do not count.
        public init(order: Bool = false) {
            self.order = order
        }
    }

    /// A value as the diff shows it: as text for people, as JSON for scripts.
    public struct Value: Sendable, Equatable {
        /// The value in a line of text: canonical numbers and flags, the default of a key the item
        /// does not have (`false`, `1`) or `none`, text quoted when it would be unclear.
        public var text: String
        /// The value as JSON: a string for a scalar (numbers as canonical decimal strings), null when
        /// absent, arrays and objects for collections.
        public var json: JSONValue

        /// A value shown as `text` and written as `json`.
        public init(text: String, json: JSONValue) {
            self.text = text
            self.json = json
        }
    }

    /// One key whose value changed (or, for an added item, one value it has).
    public struct KeyChange: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value before.
        public var old: Value
        /// The value after.
        public var new: Value
    }

    /// Where a moved item now is.
    public enum Place: Sendable, Equatable {
        /// First of the list.
        case top
        /// Right after the item of this name.
        case after(String)
    }

    /// What happened to one item.
    public enum ItemChangeKind: String, Sendable, Equatable {
        /// Only the new version has it.
        case added
        /// Only the old version has it.
        case removed
        /// Its values, name or comments changed (it may have moved too).
        case changed
        /// It only moved (shown only with ``Options/order``).
        case moved
    }

    /// One item that was added, removed, changed or (only with ``Options/order``) moved.
    public struct ItemChange: Sendable, Equatable {
        /// What happened to it.
        public var kind: ItemChangeKind
        /// Its name: in the new version, or in the old one for a removed item.
        public var name: String
        /// Its name in the old version, when it was renamed.
        public var renamedFrom: String?
        /// The keys whose values changed; for an added item, every value it has.
        public var keys: [KeyChange]
        /// Whether a comment of it was added, changed or removed.
        public var commentsChanged: Bool
        /// Where it went, when it moved (only with ``Options/order``).
        public var movedTo: Place?
    }

    /// What changed at the top level.
    public enum ListChangeKind: Sendable, Equatable {
        /// The value changed, or the key was added or removed (absent values are `none`).
        case value(old: Value, new: Value)
        /// Categories added and removed (by name key), spelled differently, and whether their
        /// order changed (only with ``Options/order``).
        case categories(added: [String], removed: [String], respelled: [Respelling], reordered: Bool)
        /// Only comments changed.
        case comments
    }

    /// A category written differently that is still the same category (compared like names).
    public struct Respelling: Sendable, Equatable {
        /// How it was written.
        public var old: String
        /// How it is written now.
        public var new: String
    }

    /// One change at the top level.
    public struct ListChange: Sendable, Equatable {
        /// The key; nil for the file's own comments (at the top, at the end, on `items`).
        public var key: String?
        /// What changed.
        public var kind: ListChangeKind
        /// Whether, besides a value, the key's comments changed.
        public var commentsChanged: Bool
    }

    /// How many changes of each kind.
    public struct Counts: Sendable, Equatable {
        /// Items added.
        public var added = 0
        /// Items removed.
        public var removed = 0
        /// Items changed, and changes at the top level.
        public var changed = 0
        /// Items that only moved (only with ``Options/order``).
        public var moved = 0

        /// Counts; each is 0 unless given.
        public init(added: Int = 0, removed: Int = 0, changed: Int = 0, moved: Int = 0) {
            self.added = added
            self.removed = removed
            self.changed = changed
            self.moved = moved
        }

        /// Counts one item change more.
        fileprivate mutating func count(_ change: ItemChange) {
            switch change.kind {
            case .added: added += 1
            case .removed: removed += 1
            case .changed: changed += 1
            case .moved: moved += 1
            }
        }

    }

    /// The changes at the top level, in canonical key order.
    public var listChanges: [ListChange]
    /// The changes of items, in the order of the new version (a removed item where it was).
    public var itemChanges: [ItemChange]
    /// The options compared with.
    public let options: Options

    /// What changed from `old` to `new`.
    public init(old: ShoppingList, new: ShoppingList, options: Options = Options()) {
        var builder = ListDiffBuilder(
            old: ListVersion(CanonicalOrder.arranged(old)), new: ListVersion(CanonicalOrder.arranged(new)), options: options)
        builder.build()
        listChanges = builder.listChanges
        itemChanges = builder.itemChanges
        self.options = options
    }

    /// How many changes of each kind.
    public var counts: Counts {
        var counts = Counts(changed: listChanges.count)
        for change in itemChanges { counts.count(change) }
        return counts
    }

    /// Whether the versions are the same.
    public var isEmpty: Bool { listChanges.isEmpty && itemChanges.isEmpty }
}
