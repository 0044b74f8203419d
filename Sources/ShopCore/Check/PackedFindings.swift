/// Findings written as bytes, so that a report of many can wait outside memory until it is shown:
/// a list with a finding on each of 90,000 items held some 450 bytes a finding in memory (the
/// finding, its message and its fix are several allocations); packed, a finding is its text and
/// a few bytes of numbers.
///
/// A packed finding is its length (four bytes, least significant first), then its rule, severity,
/// span, message, related places and fixes; numbers after the length are LEB128 (offsets into the
/// text zigzag encoded, as ``LEB128/appendSigned(_:to:)`` writes them), strings their length and
/// UTF-8 bytes.
public enum PackedFindings {
    /// Appends `finding`, packed, to `bytes`.
    public static func append(_ finding: Finding, to bytes: inout [UInt8]) {
        var body = Writer()
        swap(&body.bytes, &bytes)
        defer { swap(&body.bytes, &bytes) }
        // The length goes first, in four bytes filled in once the rest is written.
        let lengthAt = body.bytes.count
        body.bytes.append(contentsOf: [0, 0, 0, 0])
        body.number(finding.rule.position)
        body.number(finding.severity == .error ? 0 : 1)
        body.span(finding.span)
        body.number(finding.message.parts.count)
        for part in finding.message.parts {
            switch part {
            case .text(let text):
                body.number(0)
                body.string(text)
            case .line(let offset):
                body.number(1)
                body.textOffset(offset)
            case .lines(let first, let last):
                body.number(2)
                body.textOffset(first)
                body.textOffset(last)
            }
        }
        body.number(finding.related.count)
        for place in finding.related {
            body.span(place.span)
            body.string(place.message)
        }
        body.number(finding.fixes.count)
        for fix in finding.fixes {
            body.string(fix.title)
            body.number(fix.isSafe ? 1 : 0)
            body.number(fix.edits.count)
            for edit in fix.edits {
                body.span(edit.span)
                body.string(edit.replacement)
            }
        }
        let length = UInt32(truncatingIfNeeded: body.bytes.count - lengthAt - 4)
        for index in 0..<4 { body.bytes[lengthAt + index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
    }

    /// Hands `body` each whole packed finding at the start of `bytes`, in order, and returns how
    /// many bytes they took: a finding cut off at the end is left for when the rest of it comes.
    /// Returns nil when the bytes are not packed findings.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Finding) -> Void) -> Int? {
        var consumed = 0
        while consumed < bytes.count {
            // A finding cut off by the end of the bytes has not all come yet.
            guard bytes.count - consumed >= 4 else { return consumed }
            let length = (0..<4).reduce(0) { $0 | Int(bytes[consumed + $1]) << (8 * $1) }
            let end = consumed + 4 + length
            guard end <= bytes.count else { return consumed }
            var content = Reader(UnsafeBufferPointer(rebasing: bytes[..<end]), at: consumed + 4)
            guard let finding = content.finding(), content.offset == end else { return nil }
            body(finding)
            consumed = end
        }
        return consumed
    }

    private struct Writer {
        var bytes: [UInt8] = []

        mutating func number(_ value: Int) { LEB128.append(value, to: &bytes) }

        mutating func string(_ text: String) { LEB128.append(text, to: &bytes) }

        /// An offset into the text: never negative as findings make them, but written whatever it is.
        mutating func textOffset(_ value: Int) { LEB128.appendSigned(value, to: &bytes) }

        mutating func span(_ span: SourceSpan) {
            textOffset(span.start)
            number(span.end - span.start)
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
            self.bytes = bytes
            self.offset = offset
        }

        mutating func number() -> Int? { LEB128.readCount(bytes, at: &offset) }

        mutating func string() -> String? { LEB128.readString(bytes, at: &offset) }

        mutating func textOffset() -> Int? { LEB128.readSigned(bytes, at: &offset) }

        mutating func readSpan() -> SourceSpan? {
            guard let start = textOffset(), let length = number(), start <= Int.max - length else { return nil }
            return SourceSpan(start: start, end: start + length)
        }

        /// How many of something follow: never more than there are bytes left, each taking one at
        /// least, so that damaged bytes cannot ask for a vast array.
        mutating func count() -> Int? {
            guard let count = number(), count <= bytes.count - offset else { return nil }
            return count
        }

        mutating func finding() -> Finding? {
            guard let position = number(), let rule = RuleID.at(position: position), let severity = number(), severity <= 1,
                let span = readSpan(), let partCount = count()
            else { return nil }
            var parts: [FindingMessage.Part] = []
            parts.reserveCapacity(partCount)
            for _ in 0..<partCount {
                switch number() {
                case 0:
                    guard let text = string() else { return nil }
                    parts.append(.text(text))
                case 1:
                    guard let offset = textOffset() else { return nil }
                    parts.append(.line(ofOffset: offset))
                case 2:
                    guard let first = textOffset(), let last = textOffset() else { return nil }
                    parts.append(.lines(fromOffset: first, toOffset: last))
                default:
                    return nil
                }
            }
            guard let relatedCount = count() else { return nil }
            var related: [RelatedPlace] = []
            for _ in 0..<relatedCount {
                guard let span = readSpan(), let message = string() else { return nil }
                related.append(RelatedPlace(span: span, message: message))
            }
            guard let fixCount = count() else { return nil }
            var fixes: [Fix] = []
            for _ in 0..<fixCount {
                guard let title = string(), let safe = number(), safe <= 1, let editCount = count() else { return nil }
                var edits: [TextEdit] = []
                for _ in 0..<editCount {
                    guard let span = readSpan(), let replacement = string() else { return nil }
                    edits.append(TextEdit(span: span, replacement: replacement))
                }
                fixes.append(Fix(title: title, isSafe: safe == 1, edits: edits))
            }
            var finding = Finding(
                rule: rule, span: span, message: FindingMessage(parts: parts), related: related,
                fixes: fixes)
            finding.severity = severity == 0 ? .error : .warning
            return finding
        }
    }
}
