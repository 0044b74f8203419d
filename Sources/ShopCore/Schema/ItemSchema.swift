/// The keys of an item, in the order the formatter writes them.
///
/// What each key means is declared once, in ``definition``: the kind of value it holds (which says
/// how it is read and how the formatter writes it), its column in the CSV export, what completes
/// its value in an editor, and one line on what it is for. Decoding, the canonical form, the
/// exports, the editor, completion and the tests that hold the manual and the JSON Schema to the
/// format all read it from there.
public enum ItemKey: String, CaseIterable, Sendable {
    case name, id, price, quantity, unit, size, category, buy, done, notes

    /// What the key means.
    public var definition: KeyDefinition {
        switch self {
        case .name:
            KeyDefinition(
                kind: .text, exportColumn: 0, completion: .catalogNames,
                meaning: "The item's name; unique in the file, compared ignoring case, Unicode compatibility forms and extra spaces.")
        case .id:
            KeyDefinition(
                kind: .text, exportColumn: 10, completion: .none,
                meaning: "An optional stable identifier, such as a UUID; unique when present.")
        case .price:
            KeyDefinition(
                kind: .price, exportColumn: 4, completion: .none,
                meaning: "The price of one unit, with at most the currency's decimals.")
        case .quantity:
            KeyDefinition(
                kind: .quantity, exportColumn: 1, completion: .none, defaultValue: "1",
                meaning: "How many units to buy: more than 0, at most 3 decimals; 1 when absent.")
        case .unit:
            KeyDefinition(
                kind: .text, exportColumn: 2, completion: .unitsInFile, meaning: "The unit: kg, l, pcs, pack, ...")
        case .size:
            KeyDefinition(
                kind: .text, exportColumn: 3, completion: .sizesInFile,
                meaning: "What one unit holds: AMOUNT UNIT or COUNT x AMOUNT UNIT, with UNIT one of g, kg, ml, cl, dl, l, pcs (500 g, 6 x 330 ml).")
        case .category:
            KeyDefinition(
                kind: .text, exportColumn: 6, completion: .categories,
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
                kind: .text, exportColumn: 9, completion: .none, meaning: "Free text; it may span several lines.")
        }
    }

    /// The key's place in the canonical order.
    @inline(__always) public var rank: Int {
        switch self {
        case .name: 0
        case .id: 1
        case .price: 2
        case .quantity: 3
        case .unit: 4
        case .size: 5
        case .category: 6
        case .buy: 7
        case .done: 8
        case .notes: 9
        }
    }

    /// The rank of every key that is not a known one: after them all, in the order written.
    public static let otherRank = allCases.count

    /// The kind of value the key holds (as ``definition`` says; read on every value, so without
    /// building the definition).
    @inline(__always) public var kind: ValueKind {
        switch self {
        case .name, .id, .unit, .size, .category, .notes: .text
        case .price: .price
        case .quantity: .quantity
        case .buy, .done: .flag
        }
    }

    /// The keys in the order of the CSV export's columns.
    public static let exportColumns: [ItemKey] = allCases.sorted { $0.definition.exportColumn < $1.definition.exportColumn }

    /// The item key spelled exactly by `bytes`, if any.
    static func matching(_ bytes: UnsafeBufferPointer<UInt8>) -> ItemKey? {
        switch bytes.count {
        case 2: return bytesEqual(bytes, "id") ? .id : nil
        case 3: return bytesEqual(bytes, "buy") ? .buy : nil
        case 4:
            if bytesEqual(bytes, "name") { return .name }
            if bytesEqual(bytes, "unit") { return .unit }
            if bytesEqual(bytes, "done") { return .done }
            if bytesEqual(bytes, "size") { return .size }
            return nil
        case 5:
            if bytesEqual(bytes, "price") { return .price }
            if bytesEqual(bytes, "notes") { return .notes }
            return nil
        case 8:
            if bytesEqual(bytes, "quantity") { return .quantity }
            if bytesEqual(bytes, "category") { return .category }
            return nil
        default:
            return nil
        }
    }
}

/// What one key of an item means.
public struct KeyDefinition: Sendable, Hashable {
    /// The kind of value: how it is read, checked and written.
    public let kind: ValueKind
    /// The key's column in the CSV export (the derived `total` column follows the price).
    public let exportColumn: Int
    /// What completes the key's value in an editor.
    public let completion: CompletionSource
    /// The value an item has without the key, as written; nil when it then has none.
    public let defaultValue: String?
    /// One line on what the key is for, for help texts and editors.
    public let meaning: String

    init(kind: ValueKind, exportColumn: Int, completion: CompletionSource, defaultValue: String? = nil, meaning: String) {
        self.kind = kind
        self.exportColumn = exportColumn
        self.completion = completion
        self.defaultValue = defaultValue
        self.meaning = meaning
    }
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
