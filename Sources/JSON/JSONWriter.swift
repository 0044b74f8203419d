/// Writes JSON text, the one way the project writes JSON: members in their order, numbers exactly
/// as they were written or made, strings escaped by ``JSONStringEscaper``, the same bytes for the
/// same values.
///
/// Text is compact (no spaces or line breaks) unless laid out: a container opened with
/// ``open(_:)`` in a writer made with an indent, and the outer levels of a value written with
/// ``value(_:indentedLevels:level:)``, have one member or element a line, `indent` spaces a level,
/// `"key": value`; what lies deeper is compact, and an empty container is `[]` or `{}`. A long
/// array is written an element at a time between ``open(_:)`` and ``close()``, its text taken with
/// ``take()`` as it grows, so that it need not be held whole.
///
/// Values are written from a stack of their own, so that nesting of any depth is written without
/// deep recursion.
public struct JSONWriter {
    /// A kind of container opened with ``open(_:)``.
    public enum Container {
        /// `[...]`.
        case array
        /// `{...}`.
        case object
    }

    /// A container being written.
    private struct Open {
        let isObject: Bool
        /// Its level of indentation: its members are one deeper, its end at this level.
        let level: Int
        /// Whether it has one member or element a line.
        let indented: Bool
        var count = 0
    }

    /// The text written and not yet taken, in UTF-8.
    private var output: [UInt8] = []
    /// Spaces a level of a laid-out container; nil for compact text only.
    private let indent: Int?
    private var containers: [Open] = []

    /// A writer of compact text, or, with `indent`, of containers laid out `indent` spaces a level.
    public init(indent: Int? = nil) {
        self.indent = indent
    }

    /// `value` as compact JSON text, in UTF-8.
    public static func bytes(_ value: JSONValue) -> [UInt8] {
        var writer = JSONWriter()
        writer.value(value)
        return writer.output
    }

    /// `value` as compact JSON text.
    public static func string(_ value: JSONValue) -> String {
        String(decoding: bytes(value), as: UTF8.self)
    }

    /// The text written since the last take, which the writer then lets go of.
    public mutating func take() -> [UInt8] {
        defer { output.removeAll(keepingCapacity: true) }
        return output
    }

    /// Begins a container, as an element of the open array, the value of the key just written, or
    /// the whole text; laid out when the writer has an indent.
    public mutating func open(_ container: Container) {
        open(isObject: container == .object, indented: indent != nil, level: nil)
    }

    /// Writes `key` as the next member's key of the open object; its value comes next.
    public mutating func key(_ key: String) {
        beginEntry()
        JSONStringEscaper.appendQuoted(key, to: &output)
        output.append(contentsOf: (containers.last?.indented == true ? ": " : ":").utf8)
    }

    /// Writes `value` as an element of the open array, the value of the key just written, or the
    /// whole text: its first `indentedLevels` levels of containers laid out (when the writer has an
    /// indent), the first at `level` when given (else one deeper than the open container), the
    /// rest compact.
    public mutating func value(_ value: JSONValue, indentedLevels: Int = 0, level: Int? = nil) {
        /// What is left to write: values, the keys of members, and the ends of containers.
        enum Pending {
            case value(JSONValue)
            case key(String)
            case close
        }
        let base = containers.count
        var pending: [Pending] = [.value(value)]
        while let next = pending.popLast() {
            switch next {
            case .close:
                close()
            case .key(let key):
                self.key(key)
            case .value(let value):
                let indented = indent != nil && containers.count - base < indentedLevels
                let first = containers.count == base ? level : nil
                switch value {
                case .null: appendScalar("null")
                case .bool(let flag): appendScalar(flag ? "true" : "false")
                case .number(let number): appendScalar(number.text)
                case .string(let text):
                    beginValue()
                    JSONStringEscaper.appendQuoted(text, to: &output)
                case .array(let elements):
                    open(isObject: false, indented: indented, level: first)
                    pending.append(.close)
                    for element in elements.reversed() { pending.append(.value(element)) }
                case .object(let object):
                    open(isObject: true, indented: indented, level: first)
                    pending.append(.close)
                    for member in object.members.reversed() {
                        pending.append(.value(member.value))
                        pending.append(.key(member.key))
                    }
                }
            }
        }
    }

    /// Ends the open container.
    public mutating func close() {
        guard let container = containers.popLast() else { return }
        if container.indented && container.count > 0 {
            output.append(UInt8(ascii: "\n"))
            appendSpaces(container.level)
        }
        output.append(UInt8(ascii: container.isObject ? "}" : "]"))
    }

    private mutating func open(isObject: Bool, indented: Bool, level: Int?) {
        beginValue()
        let level = level ?? containers.last.map { $0.level + 1 } ?? 0
        containers.append(Open(isObject: isObject, level: level, indented: indented))
        output.append(UInt8(ascii: isObject ? "{" : "["))
    }

    private mutating func appendScalar(_ text: String) {
        beginValue()
        output.append(contentsOf: text.utf8)
    }

    /// What comes before a value: in an open array, what comes before an element. A member's value
    /// follows its key, which has it.
    private mutating func beginValue() {
        if let container = containers.last, !container.isObject { beginEntry() }
    }

    /// What comes before a member or element of the open container: the comma after the one before
    /// it, and in a laid-out container the line break and the indentation.
    private mutating func beginEntry() {
        guard let index = containers.indices.last else { return }
        let container = containers[index]
        if container.indented {
            output.append(contentsOf: (container.count == 0 ? "\n" : ",\n").utf8)
            appendSpaces(container.level + 1)
        } else if container.count > 0 {
            output.append(UInt8(ascii: ","))
        }
        containers[index].count += 1
    }

    private mutating func appendSpaces(_ levels: Int) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: (indent ?? 0) * levels))
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
