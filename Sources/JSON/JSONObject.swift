/// One member of a JSON object: a key and its value.
public struct JSONMember: Hashable, Sendable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// A member with `key` and `value`.
    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Whether the keys have the same scalars and the values are equal (the synthesized hash
    /// agrees, as ``JSONValue``'s does).
    public static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
        ExactString.exactlyEqual(lhs.key, rhs.key) && lhs.value == rhs.value
    }
}

/// A JSON object: members in the order they were written or added, each key once, looked up by
/// key. Keys are compared by their Unicode scalars, as JSON compares them (`é` precomposed and
/// `e` with a combining accent are two keys).
///
/// Two objects are equal when they have equal members in the same order.
public struct JSONObject: Hashable, Sendable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The members, in order.
    public private(set) var members: [JSONMember]
    /// Positions of members by key, kept only for objects large enough to need it: a short
    /// object is searched from the start.
    private var positions: [ExactString: Int]?

    /// Objects up to this many members are searched instead of indexed.
    private static let indexThreshold = 8

    /// An empty object.
    public init() {
        members = []
    }

    /// An object of `members` in their order; a key that comes again replaces the earlier value,
    /// in the earlier place.
    public init(_ members: some Sequence<JSONMember>) {
        self.init()
        for member in members { self[member.key] = member.value }
    }

    /// An object of the pairs in their order; a key that comes again replaces the earlier value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { JSONMember($0.0, $0.1) })
    }

    /// An object from members known to have distinct keys, with their index when one was built.
    init(uniqueMembers: [JSONMember], positions: [ExactString: Int]?) {
        members = uniqueMembers
        self.positions = positions
        if positions == nil && uniqueMembers.count > Self.indexThreshold { buildIndex() }
    }

    /// The value of `key`, nil when the object has no such key. Setting a value replaces the
    /// member's value in its place or adds a member at the end; setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get {
            position(of: key).map { members[$0].value }
        }
        set {
            if let index = position(of: key) {
                if let newValue {
                    members[index].value = newValue
                } else {
                    members.remove(at: index)
                    positions = nil
                    if members.count > Self.indexThreshold { buildIndex() }
                }
            } else if let newValue {
                members.append(JSONMember(key, newValue))
                if positions != nil {
                    positions?[ExactString(key)] = members.count - 1
                } else if members.count > Self.indexThreshold {
                    buildIndex()
                }
            }
        }
    }

    /// The keys, in order.
    public var keys: [String] { members.map(\.key) }

    /// The index of the member with `key`.
    public func position(of key: String) -> Int? {
        if let positions { return positions[ExactString(key)] }
        return members.firstIndex { ExactString.exactlyEqual($0.key, key) }
    }

    private mutating func buildIndex() {
        var index: [ExactString: Int] = [:]
        index.reserveCapacity(members.count)
        for (position, member) in members.enumerated() { index[ExactString(member.key)] = position }
        positions = index
    }

    /// The position of the first member.
    public var startIndex: Int { 0 }
    /// The position after the last member.
    public var endIndex: Int { members.count }
    /// The member at `position`.
    public subscript(position: Int) -> JSONMember { members[position] }

    /// Whether the objects have equal members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    /// Hashes the members in order.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
