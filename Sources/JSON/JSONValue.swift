/// A JSON value (RFC 8259). Numbers keep their exact text; strings and keys compare by their
/// Unicode scalars, so that two values are equal exactly when they are the same JSON.
///
/// Built by ``JSONReader``, written by ``JSONWriter``; literals build values in code:
/// `["jsonrpc": "2.0", "id": 1, "result": nil]`.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, its members in order.
    case object(JSONObject)

    /// The number `value`.
    public static func int(_ value: Int) -> JSONValue {
        .number(JSONNumber(value))
    }

    /// Whether the value is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The boolean, when the value is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when the value is one.
    public var numberValue: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, when the value is a number that is an integer `Int` holds exactly
    /// (see ``JSONNumber/intValue``).
    public var intValue: Int? {
        numberValue?.intValue
    }

    /// The string, when the value is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when the value is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, when the value is one.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The value of `key` when the value is an object that has it, else nil.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The element at `index` when the value is an array that long, else nil.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The kind of value, for messages: `null`, `a boolean`, `a number`, `a string`, `an array`,
    /// `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether the values are the same JSON: numbers by their text, strings by their scalars. The
    /// synthesized hash agrees: strings with the same scalars are equal `String`s, which hash alike.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.string(let left), .string(let right)): ExactString.exactlyEqual(left, right)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `null`.
    public init(nilLiteral: ()) {
        self = .null
    }

    /// `true` or `false`.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }

    /// An integer.
    public init(integerLiteral value: Int) {
        self = .int(value)
    }

    /// A string.
    public init(stringLiteral value: String) {
        self = .string(value)
    }

    /// An array.
    public init(arrayLiteral elements: JSONValue...) {
        self = .array(elements)
    }

    /// An object with the members in the order written.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONMember($0.0, $0.1) }))
    }
}
