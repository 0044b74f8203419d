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

    /// Creates an entry.
    public init(key: Fragment, value: Fragment) {
        self.key = key
        self.value = value
    }

    /// An entry with a text key.
    public init(_ key: String, _ value: Fragment) {
        self.init(key: .plain(key), value: value)
    }
}

/// Single changes, each a batch of one: each returns a new document and leaves this one as it was.
/// Comments stay with the nodes they belong to; a removed node takes its comments with it.
extension Document {
    /// The document with the scalar `node` holding `value` instead, read with `style`. Its comments
    /// stay.
    public func settingScalar(_ node: NodeID, to value: String, style: ScalarStyle = .plain) -> Document {
        replacing(node, with: .scalar(value, style))
    }

    /// The document with the subtree at `node` replaced by `fragment`. The comments of `node` itself
    /// stay; those inside the replaced subtree go.
    public func replacing(_ node: NodeID, with fragment: Fragment) -> Document {
        var edit = DocumentEdit()
        edit.replace(node, with: fragment)
        return applying(edit)
    }

    /// The document without the entry whose key is `key` (the key and its value, with their comments).
    public func removingEntry(key: NodeID) -> Document {
        var edit = DocumentEdit()
        edit.removeEntry(key: key, comments: .drop)
        return applying(edit)
    }

    /// The document without the sequence item `item` and its comments.
    public func removingItem(_ item: NodeID) -> Document {
        var edit = DocumentEdit()
        edit.removeItem(item)
        return applying(edit)
    }

    /// The document with `fragment` added to `sequence` as item number `position` (its count to
    /// append).
    public func insertingItem(_ fragment: Fragment, into sequence: NodeID, at position: Int) -> Document {
        var edit = DocumentEdit()
        edit.insertItem(Subtree(fragment), into: sequence, at: position)
        return applying(edit)
    }

    /// The document with a key/value pair added to `mapping` as entry number `position` (its count
    /// to append).
    public func insertingEntry(key: Fragment, value: Fragment, into mapping: NodeID, at position: Int) -> Document {
        var edit = DocumentEdit()
        edit.insertEntry(key: key, value: Subtree(value), into: mapping, at: position)
        return applying(edit)
    }
}
