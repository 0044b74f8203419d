@testable import ShopCore
import Testing

/// The order of a merged list, from the positions of its members in each version.
@Suite("order merge")
struct OrderMergeTests {
    typealias Member = OrderMerge.Member

    @Test("a side's order is its members by their positions there, those it lacks left out")
    func sideOrder() {
        let members = [
            Member(base: 0, ours: 2, theirs: nil), Member(base: 1, ours: 0, theirs: 1),
            Member(base: nil, ours: nil, theirs: 0), Member(base: 2, ours: 1, theirs: 3),
        ]
        #expect(OrderMerge.sideOrder(members, \.ours) == [1, 3, 0])
        #expect(OrderMerge.sideOrder(members, \.theirs) == [2, 1, 3])
        #expect(OrderMerge.sideOrder(members, \.base) == [0, 1, 3])
        #expect(OrderMerge.sideOrder([], \.ours) == [])
    }

    @Test("members that share a position are all kept, in the order they come")
    func sharedPositions() {
        let members = [
            Member(base: nil, ours: 1, theirs: nil), Member(base: nil, ours: 0, theirs: nil),
            Member(base: nil, ours: 1, theirs: nil),
        ]
        #expect(OrderMerge.sideOrder(members, \.ours) == [1, 0, 2])
    }

    @Test("ours' order with theirs' additions after what precedes them in theirs")
    func mergedOrder() {
        let members = [
            Member(base: 0, ours: 0, theirs: 0), Member(base: 1, ours: 1, theirs: 2),
            Member(base: nil, ours: nil, theirs: 1),
        ]
        #expect(OrderMerge.order(members).order == [0, 2, 1])
    }
}
