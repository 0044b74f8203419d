/// Writes JSON values as compact JSON text (no spaces or line breaks), members in their order,
/// numbers exactly as they were written or made, strings escaped by ``JSONStringEscaper``.
///
/// Values are written from a stack of their own, so that nesting of any depth is written without
/// deep recursion.
public enum JSONWriter {
    /// `value` as compact JSON text, in UTF-8.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        return output
    }

    /// `value` as compact JSON text.
    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// What is left to write: values, and the punctuation between them.
    private enum Pending {
        case value(JSONValue)
        case key(String)
        case byte(UInt8)
    }

    /// Appends `value` as compact JSON text to `output`.
    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            switch next {
            case .byte(let byte):
                output.append(byte)
            case .key(let key):
                JSONStringEscaper.appendQuoted(key, to: &output)
                output.append(UInt8(ascii: ":"))
            case .value(let value):
                switch value {
                case .null: output.append(contentsOf: "null".utf8)
                case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .number(let number): output.append(contentsOf: number.text.utf8)
                case .string(let text): JSONStringEscaper.appendQuoted(text, to: &output)
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    pending.append(.byte(UInt8(ascii: "]")))
                    for (position, element) in elements.enumerated().reversed() {
                        pending.append(.value(element))
                        if position > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                case .object(let object):
                    output.append(UInt8(ascii: "{"))
                    pending.append(.byte(UInt8(ascii: "}")))
                    for (position, member) in object.members.enumerated().reversed() {
                        pending.append(.value(member.value))
                        pending.append(.key(member.key))
                        if position > 0 { pending.append(.byte(UInt8(ascii: ","))) }
                    }
                }
            }
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON text.
    public var description: String { JSONWriter.string(self) }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSONWriter.string(.object(self)) }
}
