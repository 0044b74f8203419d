import JSON
import Synchronization

/// The last revision given to a text, counted across all documents, so that a document opened
/// again under the same URI never repeats a revision.
private let lastRevision = Atomic<Int>(0)

private func nextRevision() -> Int {
    lastRevision.add(1, ordering: .relaxed).newValue
}

/// An open document: its UTF-8 text with a line index, and what the client said about it.
public struct TextDocument: Sendable {
    /// The document's URI, as the client wrote it.
    public let uri: String
    /// The language the client says the document is in (`yaml`).
    public var languageID: String
    /// The client's version of the text.
    public var version: Int
    /// The text, in UTF-8.
    public private(set) var bytes: [UInt8]
    /// Where each line begins.
    public private(set) var lines: LineIndex
    /// A number that changes with every change of the text and differs between documents, for
    /// caches keyed by it.
    public private(set) var revision: Int

    /// A document with `text`.
    public init(uri: String, languageID: String, version: Int, text: String) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        bytes = Array(text.utf8)
        lines = LineIndex(bytes)
        revision = nextRevision()
    }

    /// The text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Replaces the whole text.
    public mutating func replaceAll(with text: String) {
        bytes = Array(text.utf8)
        lines = LineIndex(bytes)
        revision = nextRevision()
    }

    /// Replaces the text in `range` (byte offsets) with `text`.
    public mutating func replace(_ range: Range<Int>, with text: String) {
        let inserted = Array(text.utf8)
        let clamped = min(max(range.lowerBound, 0), bytes.count)..<min(max(range.upperBound, 0), bytes.count)
        bytes.replaceSubrange(clamped, with: inserted)
        lines.update(replacing: clamped, insertedCount: inserted.count, in: bytes)
        revision = nextRevision()
    }

    /// Applies one entry of `contentChanges` from `textDocument/didChange`: the whole text, or a
    /// range and the text that replaces it. A range whose end comes before its start is taken
    /// from the earlier position to the later one.
    public mutating func apply(change: JSONValue, encoding: PositionEncoding) throws(ResponseError) {
        let text = try change.requiredString("text")
        guard let rangeValue = change["range"] else {
            replaceAll(with: text)
            return
        }
        let range = try LSPRange(json: rangeValue)
        let start = offset(of: range.start, in: encoding)
        let end = offset(of: range.end, in: encoding)
        replace(min(start, end)..<max(start, end), with: text)
    }
}
