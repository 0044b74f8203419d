/// Why an edit was refused, in words for the person who asked for it.
public struct EditRefusal: Error, Hashable, Sendable {
    /// The explanation, with what to do instead.
    public var message: String
    /// Findings that explain the refusal (for a file that is broken), if any.
    public var diagnostics: [Diagnostic]

    /// Creates a refusal.
    public init(_ message: String, diagnostics: [Diagnostic] = []) {
        self.message = message
        self.diagnostics = diagnostics
    }
}

/// What an edit tells the person who asked for it.
public struct EditNote: Hashable, Sendable {
    /// What kind of news it is.
    public enum Kind: Hashable, Sendable {
        /// Something changed.
        case changed
        /// Nothing needed to change: the item was already that way.
        case unchanged
        /// The change was made, but something about it is probably a mistake.
        case warning
        /// Worth knowing of what was read (lines an import skipped): said by a preview
        /// (`--dry-run`), which is where a person checks what will be read.
        case info
    }

    /// What kind of news it is.
    public var kind: Kind
    /// The news, in words.
    public var message: String
    /// The file the news is about: the list, or the catalog it names.
    public var file: EditedFile

    /// Creates a note.
    public init(_ kind: Kind, _ message: String, file: EditedFile = .list) {
        self.kind = kind
        self.message = message
        self.file = file
    }
}

/// Which of the two files of a list that names a catalog an edit is about.
public enum EditedFile: Hashable, Sendable {
    /// The list file the command was run on.
    case list
    /// The catalog the list names.
    case catalog
}

/// The values to give an item's fields; nil leaves a field as it is.
public struct ItemValues: Sendable {
    /// The name (a new name, for `edit`).
    public var name: String?
    /// The price, as typed: checked like a price in the file.
    public var price: String?
    /// The quantity, as typed: checked like a quantity in the file.
    public var quantity: String?
    /// The unit.
    public var unit: String?
    /// What one unit holds, as typed (`500 g`, `500g`, `6x330ml`): written in the list's form.
    public var size: String?
    /// The category.
    public var category: String?
    /// The notes.
    public var notes: String?
    /// Whether the item is on the shopping list.
    public var buy: Bool?
    /// The stable identifier.
    public var id: String?
    /// Whether a category that `categories` does not list is meant as a new one: it is then taken
    /// as given, even when it is close to a listed one, and added to `categories`.
    public var newCategory = false

    /// No values.
    public init(
        name: String? = nil, price: String? = nil, quantity: String? = nil, unit: String? = nil, size: String? = nil,
        category: String? = nil, notes: String? = nil, buy: Bool? = nil, id: String? = nil, newCategory: Bool = false
    ) {
        self.name = name
        self.price = price
        self.quantity = quantity
        self.unit = unit
        self.size = size
        self.category = category
        self.notes = notes
        self.buy = buy
        self.id = id
        self.newCategory = newCategory
    }
}
