import CLibYAML

/// A quoted scalar as libyaml's scanner reads it, from its opening quote to where it stops: where
/// an unclosed quote is looked for after a syntax error (``UnclosedQuote``).
struct QuotedStretch: Equatable {
    /// The byte offset of the opening quote.
    var open: Int
    /// The byte offset of the closing quote, or, for a scalar the scanner stopped inside, of where
    /// it stopped.
    var end: Int
    /// Whether `end` is a closing quote.
    var isClosed: Bool
}

/// The quoted scalars of a source that go on past the end of the line they open on, found by
/// running libyaml's scanner over the text again: only the scanner knows which quote characters
/// open a scalar (not one inside a plain scalar, a comment, a block scalar or another quoted
/// scalar). Run only after a read has failed, so that a read that succeeds never pays for it.
enum QuotedStretches {
    /// The closed quoted scalars of `source` that open before the character at `limit` (counted as
    /// libyaml's marks count, from the start of the text) and end on a later line than they open
    /// on, in source order: the ones the scanner hands out, and the ones it still holds
    /// when it stops at an error (a quoted scalar that may be a key waits there for what follows it).
    static func multiLine(in source: SourceText, openingBeforeCharacter limit: Int) -> [QuotedStretch] {
        source.bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count - source.contentStart
            guard count > 0, let base = buffer.baseAddress else { return [] }
            let input = base + source.contentStart
            var converter = MarkConverter(base: input, count: count)
            let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
            defer { parser.deallocate() }
            guard yaml_parser_initialize(parser) != 0 else { return [] }
            defer { yaml_parser_delete(parser) }
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(parser, input, count)

            var found: [QuotedStretch] = []
            /// Notes `token` when it is a quoted scalar on more than one line; false once tokens
            /// start at `limit` or later.
            func note(_ token: yaml_token_t) -> Bool {
                guard Int(token.start_mark.index) < limit else { return false }
                guard token.type == YAML_SCALAR_TOKEN, token.start_mark.line != token.end_mark.line else { return true }
                let style = token.data.scalar.style
                guard style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE else {
                    return true
                }
                let start = source.contentStart + converter.offset(ofScalar: Int(token.start_mark.index))
                // The end mark is just past the closing quote, a single byte.
                let end = source.contentStart + converter.offset(ofScalar: Int(token.end_mark.index)) - 1
                found.append(QuotedStretch(open: start, end: end, isClosed: true))
                return true
            }

            var token = yaml_token_t()
            while yaml_parser_scan(parser, &token) != 0 {
                let more = token.type != YAML_STREAM_END_TOKEN && token.type != YAML_NO_TOKEN && note(token)
                yaml_token_delete(&token)
                if !more { return found }
            }
            // The scanner stopped at an error; the tokens it had read but not handed out are still
            // in its queue, which the parser owns and frees.
            var pending = parser.pointee.tokens.head
            while let current = pending, current != parser.pointee.tokens.tail {
                guard note(current.pointee) else { break }
                pending = current + 1
            }
            return found
        }
    }
}
