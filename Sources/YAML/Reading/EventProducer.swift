import CLibYAML

/// Runs libyaml's event parser over an input and hands its events on in chunks of ``EventRecord``s.
///
/// It does as little as it can besides running libyaml, because when the tree is built on another
/// thread, this loop is what a read's time comes down to. The parser lives and dies inside ``run``.
enum EventProducer {
    /// Parses `count` bytes at `input` and passes each filled chunk to `deliver`, which gives back an
    /// empty chunk to fill next (possibly the same one, emptied), or nil to stop. The last chunk
    /// delivered carries the ending. Stops after the first collection nested deeper than
    /// `maximumDepth`, so that hostile nesting never costs libyaml more than the limit allows.
    static func run(
        input: UnsafePointer<UInt8>, count: Int, maximumDepth: Int, deliver: (EventChunk) -> EventChunk?
    ) {
        var chunk = EventChunk(capacity: EventChunk.capacity(forInput: count))
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            chunk.ending = .failed(.outOfMemory)
            _ = deliver(chunk)
            return
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(parser, input, count)

        var depth = 0
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                chunk.ending = .failed(failure(of: parser.pointee))
                _ = deliver(chunk)
                return
            }
            let ending = append(event, to: chunk, depth: &depth, maximumDepth: maximumDepth)
            yaml_event_delete(&event)
            if let ending {
                chunk.ending = ending
                _ = deliver(chunk)
                return
            }
            if chunk.isFull {
                guard let next = deliver(chunk) else { return }
                chunk = next
            }
        }
    }

    /// Records one event; returns the ending when the stream cannot go on after it.
    @inline(__always)
    private static func append(
        _ event: yaml_event_t, to chunk: EventChunk, depth: inout Int, maximumDepth: Int
    ) -> EventStreamEnding? {
        var record = EventRecord(
            kind: .streamStart, style: 0, flags: 0,
            startColumn: UInt32(truncatingIfNeeded: event.start_mark.column),
            startIndex: Int(event.start_mark.index), endIndex: Int(event.end_mark.index))
        var ending: EventStreamEnding?
        switch event.type {
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            record.kind = .scalar
            record.style = styleCode(data.style)
            record.flags = presenceFlags(anchor: data.anchor, tag: data.tag)
            record.valueLength = Int(data.length)
            if data.length > 0, let value = data.value {
                record.valueStart = chunk.appendValue(value, count: Int(data.length))
            }
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isSequence = event.type == YAML_SEQUENCE_START_EVENT
            record.kind = isSequence ? .sequenceStart : .mappingStart
            if isSequence {
                let data = event.data.sequence_start
                record.flags = presenceFlags(anchor: data.anchor, tag: data.tag)
                if data.style == YAML_FLOW_SEQUENCE_STYLE { record.flags |= EventRecord.flowBit }
            } else {
                let data = event.data.mapping_start
                record.flags = presenceFlags(anchor: data.anchor, tag: data.tag)
                if data.style == YAML_FLOW_MAPPING_STYLE { record.flags |= EventRecord.flowBit }
            }
            depth += 1
            if depth > maximumDepth { ending = .tooDeep }
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            record.kind = event.type == YAML_SEQUENCE_END_EVENT ? .sequenceEnd : .mappingEnd
            depth -= 1
        case YAML_DOCUMENT_START_EVENT:
            record.kind = .documentStart
            let directives = event.data.document_start
            if directives.version_directive != nil
                || directives.tag_directives.start != directives.tag_directives.end
            {
                record.flags = EventRecord.directiveBit
            }
        case YAML_DOCUMENT_END_EVENT:
            record.kind = .documentEnd
        case YAML_ALIAS_EVENT:
            record.kind = .alias
        case YAML_STREAM_END_EVENT:
            record.kind = .streamEnd
            ending = .finished
        default:
            record.kind = .streamStart
        }
        chunk.append(record)
        return ending
    }

    @inline(__always)
    private static func presenceFlags(
        anchor: UnsafeMutablePointer<yaml_char_t>?, tag: UnsafeMutablePointer<yaml_char_t>?
    ) -> UInt8 {
        (anchor != nil ? EventRecord.anchorBit : 0) | (tag != nil ? EventRecord.tagBit : 0)
    }

    private static func styleCode(_ style: yaml_scalar_style_t) -> UInt8 {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: ScalarStyle.singleQuoted.code
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: ScalarStyle.doubleQuoted.code
        case YAML_LITERAL_SCALAR_STYLE: ScalarStyle.literal.code
        case YAML_FOLDED_SCALAR_STYLE: ScalarStyle.folded.code
        default: ScalarStyle.plain.code
        }
    }

    private static func failure(of state: yaml_parser_t) -> ParserFailure {
        ParserFailure(
            isReaderError: state.error == YAML_READER_ERROR,
            isMemoryError: state.error == YAML_MEMORY_ERROR,
            problem: state.problem.map { String(cString: $0) },
            context: state.context.map { String(cString: $0) },
            problemIndex: Int(state.problem_mark.index), contextIndex: Int(state.context_mark.index),
            problemOffset: Int(state.problem_offset), problemValue: Int(state.problem_value))
    }
}
