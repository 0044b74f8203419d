import Testing
import YAML

@Suite struct PartitionIndexTests {
    @Test func findsTheFirstElementAfterThePoint() {
        let sorted = [1, 3, 3, 5, 8, 13]
        for target in -1...14 {
            let expected = sorted.firstIndex { $0 > target } ?? sorted.endIndex
            #expect(sorted.partitionIndex { $0 > target } == expected, "after \(target)")
        }
        #expect([Int]().partitionIndex { _ in true } == 0)
        #expect(sorted[2...].partitionIndex { $0 >= 5 } == 3, "a slice keeps its indices")
    }
}
