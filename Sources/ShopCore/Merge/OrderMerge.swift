/// The order of a merged list (of items, or of categories): ours' order; what only theirs has
/// goes after the one that precedes it in theirs (the nearest one that is in the result) and
/// after what ours added right there, else first (after what ours added first); an entry that
/// theirs moved and ours did not is moved the same way.
enum OrderMerge {
    /// One entry of the result: its positions in the versions that have it, 4 bytes each (-1
    /// where a version does not have it; an `Int?` takes 16): a large merge holds one an item.
    struct Member {
        private let positions: (base: Int32, ours: Int32, theirs: Int32)

        init(base: Int?, ours: Int?, theirs: Int?) {
            func stored(_ position: Int?) -> Int32 { position.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
            positions = (stored(base), stored(ours), stored(theirs))
        }

        var base: Int? { positions.base < 0 ? nil : Int(positions.base) }
        var ours: Int? { positions.ours < 0 ? nil : Int(positions.ours) }
        var theirs: Int? { positions.theirs < 0 ? nil : Int(positions.theirs) }

        /// Whether ours added it: ours has it, the base does not.
        var addedByOurs: Bool { base == nil && ours != nil }
    }

    /// The members in merged order (as indexes into `members`), and those of ours that theirs
    /// moved (they leave their place in ours).
    static func order(_ members: [Member]) -> (order: [Int], moved: Set<Int>) {
        let oursOrder = sideOrder(members, \.ours)
        let theirsOrder = sideOrder(members, \.theirs)
        let moved = movedByTheirsOnly(members, oursOrder: oursOrder, theirsOrder: theirsOrder)
        var list = LinkedOrder(count: members.count, initial: oursOrder)
        for (position, member) in theirsOrder.enumerated() where members[member].ours == nil || moved.contains(member) {
            list.unlink(member)
            var anchor: Int?
            var back = position - 1
            while back >= 0 {
                if list.contains(theirsOrder[back]) {
                    anchor = theirsOrder[back]
                    break
                }
                back -= 1
            }
            // After what ours added right there.
            var after = anchor
            var next = after.map(list.next) ?? list.first
            while let candidate = next, members[candidate].addedByOurs {
                after = candidate
                next = list.next(candidate)
            }
            list.insert(member, after: after)
        }
        return (list.elements, moved)
    }

    /// The members one side has (as indexes into `members`), in that side's order. A side's
    /// positions are those of its entries, each in one member: each member goes straight to its
    /// slot (members that share a position, which no merge makes, are sorted instead).
    static func sideOrder(_ members: [Member], _ position: KeyPath<Member, Int?>) -> [Int] {
        var count = 0
        var last = -1
        for member in members {
            if let place = member[keyPath: position] {
                count += 1
                last = max(last, place)
            }
        }
        var slots = [Int](repeating: -1, count: last + 1)
        for (index, member) in members.enumerated() {
            guard let place = member[keyPath: position] else { continue }
            guard slots[place] < 0 else {
                return members.indices.compactMap { index in members[index][keyPath: position].map { (index, $0) } }
                    .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
            }
            slots[place] = index
        }
        return count == slots.count ? slots : slots.filter { $0 >= 0 }
    }

    /// The members all three versions have that theirs moved and ours did not: those outside a
    /// longest run that keeps the base's order on theirs' side and inside one on ours'.
    static func movedByTheirsOnly(_ members: [Member], oursOrder: [Int], theirsOrder: [Int]) -> Set<Int> {
        func moved(_ order: [Int]) -> Set<Int> {
            let common = order.filter { members[$0].base != nil && members[$0].ours != nil && members[$0].theirs != nil }
            // Nearly all keep their order: the few that do not are gathered, not the many that do.
            var isKept = [Bool](repeating: false, count: common.count)
            for position in LongestIncreasing.indices(common.compactMap { members[$0].base }) { isKept[position] = true }
            var result = Set<Int>()
            for (position, member) in common.enumerated() where !isKept[position] { result.insert(member) }
            return result
        }
        let byTheirs = moved(theirsOrder)
        guard !byTheirs.isEmpty else { return [] }
        return byTheirs.subtracting(moved(oursOrder))
    }
}

/// A sequence of distinct small integers with constant-time removal and insertion after any of
/// them.
struct LinkedOrder {
    private var nextOf: [Int]
    private var previousOf: [Int]
    private var linked: [Bool]
    private var head = -1

    init(count: Int, initial: [Int]) {
        nextOf = Array(repeating: -1, count: count)
        previousOf = Array(repeating: -1, count: count)
        linked = Array(repeating: false, count: count)
        var previous: Int?
        for element in initial {
            insert(element, after: previous)
            previous = element
        }
    }

    var first: Int? { head >= 0 ? head : nil }

    func contains(_ element: Int) -> Bool { linked[element] }

    func next(_ element: Int) -> Int? {
        let next = nextOf[element]
        return next >= 0 ? next : nil
    }

    /// Puts `element` right after `previous`, or first when nil.
    mutating func insert(_ element: Int, after previous: Int?) {
        precondition(!linked[element], "an element linked twice")
        linked[element] = true
        if let previous {
            let following = nextOf[previous]
            nextOf[element] = following
            previousOf[element] = previous
            nextOf[previous] = element
            if following >= 0 { previousOf[following] = element }
        } else {
            nextOf[element] = head
            previousOf[element] = -1
            if head >= 0 { previousOf[head] = element }
            head = element
        }
    }

    /// Takes `element` out, when it is in.
    mutating func unlink(_ element: Int) {
        guard linked[element] else { return }
        linked[element] = false
        let previous = previousOf[element]
        let following = nextOf[element]
        if previous >= 0 { nextOf[previous] = following } else { head = following }
        if following >= 0 { previousOf[following] = previous }
        nextOf[element] = -1
        previousOf[element] = -1
    }

    /// The elements in order.
    var elements: [Int] {
        var result: [Int] = []
        var current = head
        while current >= 0 {
            result.append(current)
            current = nextOf[current]
        }
        return result
    }
}
