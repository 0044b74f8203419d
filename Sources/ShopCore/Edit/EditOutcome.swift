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

/// The values to give an item's fields; a key without a value is left as it is.
public struct ItemValues: Sendable {
    /// The values, as typed: the name (a new name, for `edit`); a price or quantity, checked like
    /// one in the file; what one unit holds (`500 g`, `500g`, `6x330ml`), written in the list's
    /// form; `buy` as `true`; the other keys' texts.
    public var fields: ItemFields
    /// Whether a category that `categories` does not list is meant as a new one: it is then taken
    /// as given, even when it is close to a listed one, and added to `categories`.
    public var newCategory: Bool

    /// The values `fields` gives.
    public init(_ fields: ItemFields = [:], newCategory: Bool = false) {
        self.fields = fields
        self.newCategory = newCategory
    }
}
