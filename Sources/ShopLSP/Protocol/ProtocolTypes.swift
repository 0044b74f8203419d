import JSON

/// How the characters of a `Position` are counted: negotiated at `initialize`.
public enum PositionEncoding: String, Hashable, Sendable, CaseIterable {
    /// In UTF-8 bytes.
    case utf8 = "utf-8"
    /// In UTF-16 code units (the default every client supports).
    case utf16 = "utf-16"

    /// The encoding for a client that offers `offered` (`general.positionEncodings`): UTF-8 when
    /// it is offered, else UTF-16, which every client must support.
    public static func negotiate(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A place in a document between two characters: a 0-based line and a 0-based character offset in
/// the negotiated encoding.
public struct Position: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The 0-based line.
    public var line: Int
    /// The 0-based offset in the line, in code units of the position encoding.
    public var character: Int

    /// The position `character` on `line`.
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    /// A position as the client sent it.
    public init(json: JSONValue) throws(ResponseError) {
        line = try json.requiredCount("line")
        character = try json.requiredCount("character")
    }

    /// The position as JSON.
    public var json: JSONValue { ["line": .int(line), "character": .int(character)] }

    /// `line:character`, both 0-based.
    public var description: String { "\(line):\(character)" }

    /// Whether `lhs` comes before `rhs` in the document.
    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A stretch of a document from `start` up to, not including, `end`.
public struct LSPRange: Hashable, Sendable, CustomStringConvertible {
    /// Where it begins.
    public var start: Position
    /// Just after its last character.
    public var end: Position

    /// The range from `start` to `end`.
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// A range as the client sent it.
    public init(json: JSONValue) throws(ResponseError) {
        guard let start = json["start"], let end = json["end"] else {
            throw .invalidParams("a range needs a start and an end")
        }
        self.start = try Position(json: start)
        self.end = try Position(json: end)
    }

    /// The range as JSON.
    public var json: JSONValue { ["start": start.json, "end": end.json] }

    /// `start-end`.
    public var description: String { "\(start)-\(end)" }
}

/// A replacement of the text in a range.
public struct TextEdit: Hashable, Sendable {
    /// What is replaced.
    public var range: LSPRange
    /// What replaces it.
    public var newText: String

    /// The edit as JSON.
    public var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
}

/// How serious a diagnostic is, as LSP numbers it.
public enum DiagnosticSeverity: Int, Hashable, Sendable {
    /// An error.
    case error = 1
    /// A warning.
    case warning = 2
    /// Information.
    case information = 3
    /// A hint.
    case hint = 4
}

/// A finding shown in the editor.
public struct LSPDiagnostic: Hashable, Sendable {
    /// Another place the finding refers to, such as where a name was first defined.
    public struct Related: Hashable, Sendable {
        /// The document of the place.
        public var uri: String
        /// The place.
        public var range: LSPRange
        /// What the place is: "first defined here".
        public var message: String
    }

    /// Where.
    public var range: LSPRange
    /// How serious.
    public var severity: DiagnosticSeverity
    /// The rule's id.
    public var code: String?
    /// The tool that found it.
    public var source: String?
    /// What is wrong.
    public var message: String
    /// Other places the finding refers to.
    public var related: [Related]

    /// A diagnostic with every field given.
    public init(
        range: LSPRange, severity: DiagnosticSeverity, code: String?, source: String?, message: String,
        related: [Related] = []
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
        self.related = related
    }

    /// The diagnostic as JSON; `relatedInformation` only when there are related places.
    public var json: JSONValue {
        var object: JSONObject = ["range": range.json, "severity": .int(severity.rawValue)]
        if let code { object["code"] = .string(code) }
        if let source { object["source"] = .string(source) }
        object["message"] = .string(message)
        if !related.isEmpty {
            object["relatedInformation"] = .array(
                related.map { ["location": ["uri": .string($0.uri), "range": $0.range.json], "message": .string($0.message)] })
        }
        return .object(object)
    }
}
