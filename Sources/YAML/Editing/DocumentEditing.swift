/// A piece of YAML to put into a document: a scalar, or a collection of pieces. Built by code, so it
/// has no source position.
public indirect enum Fragment: Hashable, Sendable {
    /// A scalar with its value and the style to read it with (`.plain` keeps numbers and bools
    /// plain; any other style makes it text).
    case scalar(String, ScalarStyle)
    /// A sequence.
    case sequence([Fragment])
    /// A mapping, entries in order.
    case mapping([FragmentEntry])

    /// Text: written plain where that is safe, else quoted.
    public static func text(_ value: String) -> Fragment { .scalar(value, .doubleQuoted) }
    /// A value written without quotes, such as a number or `true`.
    public static func plain(_ value: String) -> Fragment { .scalar(value, .plain) }
}

/// One key/value pair of a ``Fragment/mapping(_:)``.
public struct FragmentEntry: Hashable, Sendable {
    /// The key.
    public var key: Fragment
    /// The value.
    public var value: Fragment

    /// An entry with a text key.
    public init(_ key: String, _ value: Fragment) {
        self.key = .plain(key)
        self.value = value
    }
}

extension Document {
    /// The document with the scalar `node` holding `value` instead, read with `style`. Its comments
    /// stay; this document stays as it was.
    public func settingScalar(_ node: NodeID, to value: String, style: ScalarStyle = .plain) -> Document {
        var edit = DocumentEdit()
        edit.replace(node, with: .scalar(value, style))
        return applying(edit)
    }
}
