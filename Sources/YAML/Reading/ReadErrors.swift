/// Every error a read can end with, in plain words: libyaml's complaints translated, and the reader's
/// own refusals of what shop files do not use. Kept in one place so that the wording stays alike.
enum ReadErrors {
    /// An error of `kind` found at byte `offset` of `source`.
    private static func error(_ kind: YAMLError.Kind, at offset: Int, in source: SourceText, _ message: String) -> YAMLError {
        YAMLError(kind: kind, location: source.location(at: offset), message: message)
    }

    /// An input too large for the 32-bit offsets the node table keeps.
    static func tooLarge(_ source: SourceText) -> YAMLError {
        error(.tooLarge, at: 0, in: source, "the input is larger than 4 GiB, more than can be read")
    }

    /// Text in UTF-16 or UTF-32, which libyaml would either decode silently or report as a
    /// confusing control character.
    static func notUTF8() -> YAMLError {
        YAMLError(
            kind: .encoding, location: SourceLocation(line: 1, column: 1, offset: 0),
            message: "the text is encoded as UTF-16 or UTF-32; save it as UTF-8")
    }

    /// A second document in the stream, whose `---` is at `offset`.
    static func secondDocument(_ source: SourceText, at offset: Int) -> YAMLError {
        error(
            .multipleDocuments, at: offset, in: source,
            "a second document starts here; a file holds one document (remove this '---' line or split the file)")
    }

    /// A `%YAML` or `%TAG` directive before the document at `offset`.
    static func directive(_ source: SourceText, at offset: Int) -> YAMLError {
        error(.directive, at: offset, in: source, "directives (%YAML, %TAG) are not supported; remove the line")
    }

    /// An alias (`*name`) at `offset`.
    static func alias(_ source: SourceText, at offset: Int) -> YAMLError {
        error(.alias, at: offset, in: source, "aliases (*name) are not supported; write the value out in full")
    }

    /// An anchor (`&name`) on the node at `offset`.
    static func anchor(_ source: SourceText, at offset: Int) -> YAMLError {
        error(.anchor, at: offset, in: source, "anchors (&name) are not supported; write the value out in full")
    }

    /// A tag (`!!str`, `!name`) on the node at `offset`.
    static func tag(_ source: SourceText, at offset: Int) -> YAMLError {
        error(
            .tag, at: offset, in: source,
            "tags (such as !!str or !name) are not supported; quote the value to make it a string")
    }

    /// A collection at `offset` nested deeper than `maximumDepth`.
    static func tooDeep(_ source: SourceText, at offset: Int, maximumDepth: Int) -> YAMLError {
        error(.nestingTooDeep, at: offset, in: source, "collections are nested more than \(maximumDepth) levels deep")
    }

    /// libyaml stopped handing out events without ending the stream or saying why.
    static func stoppedEarly(_ source: SourceText, at offset: Int) -> YAMLError {
        error(.syntax, at: offset, in: source, "the parser stopped early")
    }

    /// libyaml's error, placed where a person would look for the mistake and explained.
    /// `cursor` is where the reader had got to; `offset` turns one of libyaml's marks into a byte
    /// offset in `source`.
    static func translate(
        _ failure: ParserFailure, source: SourceText, cursor: Int, offset: (Int) -> Int
    ) -> YAMLError {
        let problem = failure.problem ?? "unknown problem"
        if failure.isReaderError {
            let offset = source.contentStart + failure.problemOffset
            return error(
                .encoding, at: offset, in: source,
                readerMessage(
                    problem: problem, value: failure.problemValue,
                    bytes: InvalidUTF8.describe(problem: problem, bytes: source.bytes, at: offset)))
        }
        if failure.isMemoryError {
            return error(.syntax, at: cursor, in: source, "out of memory")
        }
        let context = failure.context
        // A quoted text that is never closed is reported where it opens, not at the end of the
        // file; a key without its ':' where the key is, not where libyaml gave up looking.
        let unclosedQuote =
            problem == "found unexpected end of stream" && (context?.contains("quoted scalar") ?? false)
        let keyWithoutColon = problem == "could not find expected ':'" && context != nil
        // A directive shop does not know (`%FOO`) is reported at its `%`, as the known ones are.
        let unknownDirective = problem == "found unknown directive name" && context != nil
        let position = offset(
            unclosedQuote || keyWithoutColon || unknownDirective ? failure.contextIndex : failure.problemIndex)
        // A quote not closed on its line runs on to the next quote, and libyaml complains only
        // where that leaves it, often many lines later: the quote is what to report.
        let problemOffset = offset(failure.problemIndex)
        let contextOffset = context.map { _ in offset(failure.contextIndex) }
        let inQuotes = context?.contains("quoted scalar") ?? false
        let inProgress = contextOffset.flatMap {
            inQuotes ? QuotedStretch(open: $0, end: problemOffset, isClosed: false) : nil
        }
        let marks = [problemOffset] + (contextOffset.map { [$0] } ?? [])
        let characters = max(failure.problemIndex, context == nil ? 0 : failure.contextIndex) + 1
        if let blamed = UnclosedQuote.blame(
            errorAt: position, marks: marks, inProgress: inProgress, characters: characters, in: source)
        {
            return quoteNotClosed(blamed, source: source, problem: problem, at: problemOffset)
        }
        var details = problem
        if let context, !keyWithoutColon {
            let contextLocation = source.location(at: offset(failure.contextIndex))
            details += " (\(context) at line \(contextLocation.line), column \(contextLocation.column))"
        }
        let character = position < source.bytes.count ? source.bytes[position] : nil
        var message = details
        if character == 0x09 {
            message = "tabs cannot indent YAML, use spaces: " + details
        } else if let explanation = explanation(problem: problem, context: context, character: character) {
            message = explanation + ": " + details
        }
        return error(.syntax, at: position, in: source, message)
    }

    /// What a single quote left open may be instead: an apostrophe that starts a text
    /// (`name: 'Tis the season`), which YAML reads as an opening quote.
    static let apostropheAdvice = " (or, if the ' is an apostrophe, put the whole text in double quotes)"

    /// A quoted scalar that runs on past its line to where libyaml stopped at `problem`, reported
    /// at its opening quote.
    static func quoteNotClosed(_ stretch: QuotedStretch, source: SourceText, problem: String, at problemOffset: Int) -> YAMLError {
        let quote = source.bytes[stretch.open] == UInt8(ascii: "'") ? "'" : "\""
        let end = source.location(at: stretch.end)
        var message = "the \(quote) opened here is not closed on its line, so the quoted text runs on to "
        message += stretch.isClosed ? "the \(quote) at line \(end.line), column \(end.column)" : "line \(end.line)"
        message += "; add the closing \(quote)"
        if quote == "'" { message += apostropheAdvice }
        let stop = source.location(at: problemOffset)
        message += ": \(problem) at line \(stop.line), column \(stop.column)"
        return error(.syntax, at: stretch.open, in: source, message)
    }

    /// Plain words for libyaml's most common complaints: what is wrong and what to do. libyaml's
    /// own words follow them in the message.
    static func explanation(problem: String, context: String?, character: UInt8?) -> String? {
        let inQuotes = context?.contains("quoted scalar") ?? false
        switch problem {
        case "found unexpected end of stream":
            guard inQuotes else { return "the file ends in the middle of a value" }
            let advice = character == UInt8(ascii: "'") ? apostropheAdvice : ""
            return "a quoted text is never closed; add the closing quote" + advice
        case "found unexpected document indicator":
            return "a line starting with '---' or '...' ends the document; indent it or put it in quotes"
        case "mapping values are not allowed in this context":
            return "unexpected ':' here; text that contains ': ' must be put in quotes"
        case "did not find expected key":
            return "this line does not line up with the keys around it; check its indentation"
        case "did not find expected '-' indicator":
            return "this line does not line up with the list items around it; check its indentation"
        case "could not find expected ':'":
            return "a key without ':' after it; add the ':', or put text that spans lines in quotes"
        case "block sequence entries are not allowed in this context":
            return "a '- ' list item cannot start here; check the indentation"
        case "did not find expected node content":
            return "a value is missing here"
        case "did not find expected ',' or ']'":
            return "a list in brackets is not closed with ']', or a ',' is missing between two items"
        case "did not find expected ',' or '}'":
            return "a mapping in braces is not closed with '}', or a ',' is missing between two entries"
        case "found unknown directive name":
            return "a line starting with '%' is a directive, and directives are not supported; remove the line"
        case "found unknown escape character":
            return "an unknown escape in double quotes; write a backslash as \\\\"
        case "did not find expected <document start>":
            return "there is more text after the end of the document"
        case "found character that cannot start any token":
            if character == UInt8(ascii: "@") || character == UInt8(ascii: "`") {
                return "text cannot start with '@' or '`'; put it in quotes"
            }
            return "this character cannot start a value; put the value in quotes"
        default:
            return nil
        }
    }

    /// The message for an error of libyaml's reader, which checks the encoding: the offending code
    /// point or byte, in the form a person can search for in an editor.
    /// `bytes` describes the offending bytes when they are known (see ``InvalidUTF8``).
    static func readerMessage(problem: String, value: Int, bytes: String? = nil) -> String {
        if problem.contains("control characters") {
            let hex = String(value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return
                "control character U+\(padded) is not allowed in YAML text; write it as an escape inside double quotes"
        }
        if problem.contains("UTF-8") || problem.contains("Unicode") {
            if let bytes { return "invalid UTF-8 (\(problem), \(bytes)); save the file as UTF-8" }
            let hex = String(value, radix: 16, uppercase: true)
            return
                "invalid UTF-8 (\(problem), byte 0x\(hex.count < 2 ? "0" + hex : hex)); save the file as UTF-8"
        }
        return problem
    }
}
