/// Reads JSON text strictly as RFC 8259 defines it: no comments, trailing commas, leading zeros,
/// `NaN` or `Infinity`, single quotes or control characters in strings; only UTF-8, without a byte
/// order mark; no lone surrogates in `\u` escapes; no key twice in one object.
///
/// Reading is bounded: a text larger than ``Limits/maximumBytes`` is refused before it is read, and
/// nesting deeper than ``Limits/maximumDepth`` stops the read where it happens. Containers are kept
/// on a stack of their own rather than the call stack, so no input can overflow it, and the time
/// taken is linear in the size of the text.
public enum JSONReader {
    /// How much a read accepts.
    public struct Limits: Hashable, Sendable {
        /// The largest text read, in bytes (default 64 MiB).
        public var maximumBytes: Int
        /// The deepest nesting of arrays and objects (default 512): `[[1]]` is nested 2 deep.
        public var maximumDepth: Int
        /// Whether a `\u` escape of a lone UTF-16 surrogate (half of a pair, which no Unicode text
        /// holds) is read as U+FFFD instead of refused. RFC 8259 lets a reader do either; a client
        /// that counts text in UTF-16 units sends one for half a character, and the replacement
        /// keeps the count (one unit for one).
        public var replacesLoneSurrogates: Bool

        /// Limits of `maximumBytes` bytes and `maximumDepth` levels; lone surrogates refused unless
        /// `replacesLoneSurrogates`.
        public init(maximumBytes: Int = 64 << 20, maximumDepth: Int = 512, replacesLoneSurrogates: Bool = false) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.replacesLoneSurrogates = replacesLoneSurrogates
        }
    }

    /// The value that `bytes` holds, or why they do not hold one.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, limits: Limits = Limits()) throws(JSONError)
        -> JSONValue
    {
        var parser = JSONParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    /// The value that `bytes` holds, or why they do not hold one.
    public static func read(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONError) in try read(buffer, limits: limits) }
        }
        return try result.get()
    }

    /// The value that the UTF-8 of `text` holds, or why it does not hold one.
    public static func read(_ text: String, limits: Limits = Limits()) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { buffer in
            Result { () throws(JSONError) in try read(buffer, limits: limits) }
        }
        return try result.get()
    }
}

/// The state of one read: a position in the bytes, and the arrays and objects still open.
struct JSONParser {
    /// An array or object whose closing bracket has not been read yet.
    struct OpenContainer {
        var isObject: Bool
        /// Where its elements (or member values) begin in ``JSONParser/values``.
        var valuesStart: Int
        /// Where its keys begin in ``JSONParser/keys``.
        var keysStart: Int
        /// Member positions by key, once the object is too large to search for duplicates.
        var positions: [ExactString: Int]?
    }

    /// Objects with up to this many keys are searched for a duplicate, larger ones indexed.
    static let searchLimit = 8

    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONReader.Limits
    var index = 0
    /// The finished values of every open container, innermost last.
    var values: [JSONValue] = []
    /// The keys of every open object, innermost last; an object's last key may still wait for its value.
    var keys: [String] = []
    var open: [OpenContainer] = []

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        guard bytes.count <= limits.maximumBytes else {
            throw JSONError(
                .tooLarge, "the text is larger than the limit of \(limits.maximumBytes) bytes",
                at: limits.maximumBytes, in: bytes)
        }
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            throw error(.unexpectedCharacter, "a byte order mark is not allowed before JSON text", at: 0)
        }
        while true {
            var value = try parseValueOrOpen()
            // Every value finished closes the containers it completes, until one needs another value.
            while true {
                // Only what the container is: a copy of it would share its index and make every
                // key added copy the index.
                guard let isObject = open.last?.isObject else {
                    skipWhitespace()
                    guard index == bytes.count else {
                        throw error(.trailingContent, "unexpected text after the JSON value", at: index)
                    }
                    return value
                }
                values.append(value)
                skipWhitespace()
                let expectation = isObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                guard index < bytes.count else { throw endError(expectation) }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if isObject {
                        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
                            throw error(.unexpectedCharacter, "a trailing comma is not allowed before '}'", at: comma)
                        }
                        try parseKey()
                    } else if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
                        throw error(.unexpectedCharacter, "a trailing comma is not allowed before ']'", at: comma)
                    }
                    break
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    value = closeContainer()
                } else {
                    throw unexpected(expectation)
                }
            }
        }
    }

    /// Reads up to the next value that is complete by itself: a scalar or an empty container.
    /// Containers opened on the way (and an object's first key) stay open on ``open``.
    private mutating func parseValueOrOpen() throws(JSONError) -> JSONValue {
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw endError("expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard open.count < limits.maximumDepth else {
                    throw error(.tooDeep, "arrays and objects are nested more than \(limits.maximumDepth) deep", at: index)
                }
                index += 1
                skipWhitespace()
                if index < bytes.count && bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    return isObject ? .object(JSONObject()) : .array([])
                }
                open.append(OpenContainer(isObject: isObject, valuesStart: values.count, keysStart: keys.count))
                if isObject { try parseKey() }
            case UInt8(ascii: "\""):
                return .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .number(try parseNumber())
            default:
                return try parseWord()
            }
        }
    }

    /// Reads an object key and the colon after it, at the first character of the key.
    private mutating func parseKey() throws(JSONError) {
        guard index < bytes.count else { throw endError("expected a string key") }
        guard bytes[index] == UInt8(ascii: "\"") else { throw unexpected("expected a string key") }
        let keyOffset = index
        let key = try parseString()
        try noteKey(key, at: keyOffset)
        skipWhitespace()
        guard index < bytes.count else { throw endError("expected ':' after an object key") }
        guard bytes[index] == UInt8(ascii: ":") else { throw unexpected("expected ':' after an object key") }
        index += 1
    }

    /// Adds a key to the innermost object, refusing one it already has.
    private mutating func noteKey(_ key: String, at offset: Int) throws(JSONError) {
        let container = open.count - 1
        let start = open[container].keysStart
        let position = keys.count - start
        if open[container].positions == nil {
            if keys[start...].contains(where: { ExactString.exactlyEqual($0, key) }) {
                throw duplicate(key, at: offset)
            }
            if position >= Self.searchLimit {
                var positions: [ExactString: Int] = [:]
                for (index, existing) in keys[start...].enumerated() { positions[ExactString(existing)] = index }
                open[container].positions = positions
            }
        }
        if open[container].positions != nil {
            // Moved out of the stack while it changes, so that it is changed in place, never copied.
            var positions: [ExactString: Int]?
            swap(&positions, &open[container].positions)
            let earlier = positions?.updateValue(position, forKey: ExactString(key))
            swap(&positions, &open[container].positions)
            if earlier != nil { throw duplicate(key, at: offset) }
        }
        keys.append(key)
    }

    private func duplicate(_ key: String, at offset: Int) -> JSONError {
        error(.duplicateKey, "the key \(JSONStringEscaper.quoted(key)) appears twice in one object", at: offset)
    }

    /// Closes the innermost container, whose closing bracket was just read.
    private mutating func closeContainer() -> JSONValue {
        let container = open.removeLast()
        let elements = Array(values[container.valuesStart...])
        values.removeSubrange(container.valuesStart...)
        guard container.isObject else { return .array(elements) }
        var members: [JSONMember] = []
        members.reserveCapacity(elements.count)
        for (key, value) in zip(keys[container.keysStart...], elements) {
            members.append(JSONMember(key, value))
        }
        keys.removeSubrange(container.keysStart...)
        return .object(JSONObject(uniqueMembers: members, positions: container.positions))
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    // MARK: Errors

    func error(_ kind: JSONError.Kind, _ message: String, at offset: Int) -> JSONError {
        JSONError(kind, message, at: offset, in: bytes)
    }

    /// The error for a text that ends where `expectation` is not met.
    func endError(_ expectation: String) -> JSONError {
        error(.unexpectedEnd, "\(expectation), found the end of the text", at: bytes.count)
    }

    /// The error for the character at ``index``, which does not meet `expectation`; the usual
    /// mistakes (comments, single quotes, bytes that are not UTF-8) are named as such.
    func unexpected(_ expectation: String) -> JSONError {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "/"):
            return error(.unexpectedCharacter, "comments are not allowed in JSON", at: index)
        case UInt8(ascii: "'"):
            return error(.unexpectedCharacter, "strings must be in double quotes, not single quotes", at: index)
        case UInt8(ascii: "+"):
            return error(.invalidNumber, "a number may not begin with '+'", at: index)
        case UInt8(ascii: "."):
            return error(.invalidNumber, "a number must have a digit before the decimal point", at: index)
        default:
            break
        }
        guard let (scalar, _) = UTF8Validation.scalar(at: index, in: bytes) else {
            return error(.invalidUTF8, "the text is not valid UTF-8", at: index)
        }
        return error(.unexpectedCharacter, "\(expectation), found \(Self.describe(scalar))", at: index)
    }

    /// A character as messages show it: `'x'` when printable ASCII, else `U+00A0`.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
        return "U+" + hex(scalar.value)
    }

    /// `value` in upper-case hexadecimal, at least four digits: `00A0`, `D800`.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
