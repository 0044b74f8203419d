/// The keys of an item, in the order the formatter writes them.
///
/// What each key means is declared once, in ``definition``: the kind of value it holds (which says
/// how it is read and how the formatter writes it), its column in the CSV export, what completes
/// its value in an editor, whether a list takes it from its catalog, the help of the option that
/// gives it to `add` and `edit`, and one line on what it is for; its rank is its place among the
/// cases. Decoding, the canonical form, the exports, the imports, the editor, the command line,
/// completion and the tests that hold the manual and the JSON Schema to the format all read it
/// from there, and ``ItemFields`` holds an item's values by key.
public enum ItemKey: String, CaseIterable, Sendable {
    case name, id, price, quantity, unit, size, category, buy, done, notes

    /// What the key means.
    @inline(__always) public var definition: KeyDefinition { Self.definitions[rank] }

    /// The definitions, by rank: built once, as ``kind`` is read on every value.
    private static let definitions: [KeyDefinition] = allCases.map(\.declaredDefinition)

    /// What the key means, as declared.
    private var declaredDefinition: KeyDefinition {
        switch self {
        case .name:
            KeyDefinition(
                kind: .text, exportColumn: 0, completion: .catalogNames,
                meaning: "The item's name; unique in the file, compared ignoring case, Unicode compatibility forms and extra spaces.")
        case .id:
            KeyDefinition(
                kind: .text, exportColumn: 10, completion: .none, comesFromCatalog: true,
                meaning: "An optional stable identifier, such as a UUID; unique when present.")
        case .price:
            KeyDefinition(
                kind: .price, exportColumn: 4, completion: .none, comesFromCatalog: true,
                optionHelp: "Price of one unit, such as 3.49 (at most the currency's decimals).",
                meaning: "The price of one unit, with at most the currency's decimals.")
        case .quantity:
            KeyDefinition(
                kind: .quantity, exportColumn: 1, completion: .none, defaultValue: "1",
                optionHelp: "How many units to buy, such as 2 or 0.5 (more than 0, at most 3 decimals).",
                meaning: "How many units to buy: more than 0, at most 3 decimals; 1 when absent.")
        case .unit:
            KeyDefinition(
                kind: .text, exportColumn: 2, completion: .unitsInFile, comesFromCatalog: true, optionHelp: "The unit: kg, l, pcs, pack, ...",
                meaning: "The unit: kg, l, pcs, pack, ...")
        case .size:
            KeyDefinition(
                kind: .text, exportColumn: 3, completion: .sizesInFile, comesFromCatalog: true,
                optionHelp: "What one unit holds: AMOUNT UNIT or COUNT x AMOUNT UNIT with UNIT one of g, kg, ml, cl, dl, l, pcs, such as 500g or \"6 x 330 ml\".",
                meaning: "What one unit holds: AMOUNT UNIT or COUNT x AMOUNT UNIT, with UNIT one of g, kg, ml, cl, dl, l, pcs (500 g, 6 x 330 ml).")
        case .category:
            KeyDefinition(
                kind: .text, exportColumn: 6, completion: .categories, comesFromCatalog: true,
                optionHelp: "The aisle or section of the store.",
                meaning: "The aisle or section of the store; exports group items by it.")
        case .buy:
            KeyDefinition(
                kind: .flag, exportColumn: 7, completion: .flags, defaultValue: "false",
                meaning: "Whether the item is on the current shopping list.")
        case .done:
            KeyDefinition(
                kind: .flag, exportColumn: 8, completion: .flags, defaultValue: "false",
                meaning: "Whether the item is checked off: already in the basket.")
        case .notes:
            KeyDefinition(
                kind: .text, exportColumn: 9, completion: .none, comesFromCatalog: true, optionHelp: "Free text; may span several lines.",
                meaning: "Free text; it may span several lines.")
        }
    }

    /// The key's place in the canonical order: its place among the cases as declared, which is
    /// the order of ``allCases``. A case without a payload is stored as that place, so reading it
    /// costs nothing on the decoder's path.
    @inline(__always) public var rank: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// Whether a list item that does not set this key takes it from its catalog item (as
    /// ``definition`` says): `price`, `unit`, `size`, `category`, `id` and `notes`.
    @inline(__always) public var comesFromCatalog: Bool { definition.comesFromCatalog }

    /// The rank of every key that is not a known one: after them all, in the order written.
    public static let otherRank = allCases.count

    /// The kind of value the key holds (as ``definition`` says).
    @inline(__always) public var kind: ValueKind { definition.kind }

    /// The keys in the order of the CSV export's columns.
    public static let exportColumns: [ItemKey] = allCases.sorted { $0.definition.exportColumn < $1.definition.exportColumn }

    /// The item key spelled exactly by `bytes`, if any.
    @inline(__always)
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemKey? {
        for (key, spelling) in Self.spellings where spelling.count == bytes.count {
            if spelling.withUnsafeBufferPointer({ $0.elementsEqual(bytes) }) { return key }
        }
        return nil
    }

    /// Each key with its UTF-8, in rank order.
    private static let spellings: [(key: ItemKey, bytes: [UInt8])] = allCases.map { ($0, Array($0.rawValue.utf8)) }
}

/// What one key of an item means.
public struct KeyDefinition: Sendable, Hashable {
    /// The kind of value: how it is read, checked and written.
    public var kind: ValueKind
    /// The key's column in the CSV export (the derived `total` column follows the price).
    public var exportColumn: Int
    /// What completes the key's value in an editor.
    public var completion: CompletionSource
    /// Whether a list item that does not set the key takes it from its catalog item; `name` is
    /// how they are matched, and what is on the list and in the basket is the list's own.
    public var comesFromCatalog = false
    /// The value an item has without the key, as written; nil when it then has none.
    public var defaultValue: String? = nil
    /// The help of the option that gives the key's value to `add` and `edit` (`--price 3.49`);
    /// nil for a key that has no such option.
    public var optionHelp: String? = nil
    /// One line on what the key is for, for help texts and editors.
    public var meaning: String
}

/// The kinds of values shop reads by its own rules, not by YAML's type guessing.
public enum ValueKind: Sendable, Hashable {
    /// Text, kept as written; a text that YAML would read as something else is quoted.
    case text
    /// A price: a decimal of at least 0 with at most the currency's decimals.
    case price
    /// A quantity: a decimal above 0 with at most 3 decimals.
    case quantity
    /// `true` or `false` (also `yes`/`no`/`on`/`off` in any case on input).
    case flag

    /// Whether values of this kind are text.
    public var isText: Bool { self == .text }
}

/// Where an editor finds the values to offer for a key.
public enum CompletionSource: Sendable, Hashable {
    /// Nothing to offer.
    case none
    /// The categories of the file.
    case categories
    /// The units items of the file use.
    case unitsInFile
    /// The sizes items of the file have.
    case sizesInFile
    /// `true` and `false`.
    case flags
    /// The names of a catalog the list names.
    case catalogNames
    /// ISO 4217 currency codes.
    case currencyCodes
}

/// Whether a key is a user extension (`x-...`), kept as written and never reported.
func isExtensionKey(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    key.count >= 2 && key[0] == UInt8(ascii: "x") && key[1] == UInt8(ascii: "-")
}

@inline(__always)
func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
    guard bytes.count == text.utf8CodeUnitCount else { return false }
    let expected = text.utf8Start
    for index in 0..<bytes.count where bytes[index] != expected[index] {
        return false
    }
    return true
}

func bytesEqual(_ bytes: UnsafeBufferPointer<UInt8>, text: String) -> Bool {
    var text = text
    return text.withUTF8 { expected in
        expected.count == bytes.count && zip(expected, bytes).allSatisfy { $0 == $1 }
    }
}
