import Testing
import TestSupport

@testable import ShopCore

/// Suggesting a name costs work in proportion to what was typed, not to the names of the list:
/// a name far longer than what was typed is never measured, and the distance of two names is
/// computed only in a band as wide as the distance allowed.
@Suite struct SuggestionWorkTests {
    @Test("a 20 MB name in the list is not looked at when a short name is refused")
    func aHugeNameIsPassedOver() {
        let huge = String(repeating: "x", count: 20_000_000)
        var work = SpellingSuggestion.Work()
        let suggestions = SpellingSuggestion.closestNames(to: "Mlk", among: ["Milk", huge, "Bread"], work: &work)
        #expect(suggestions == ["Milk"])
        // "milk" and "bread": nine letters; a band of five cells for each of three letters typed.
        #expect(work.letters == 9)
        #expect(work.cells <= 2 * 3 * 5)
        // Nor when only names sharing a word are left to suggest.
        work = SpellingSuggestion.Work()
        #expect(SpellingSuggestion.closestNames(to: "whole milk", among: [huge + " milk", "Oat milk"], work: &work) == ["Oat milk"])
        #expect(work.letters == 8 + 8)
    }

    @Test("a long name typed is measured against names of its length only, in a band")
    func theWorkIsBounded() {
        // 1,000 names of 120 letters and a typed name of 120 letters: each table is at most 120
        // rows of 2 * 40 + 1 cells.
        var generator = SeededGenerator(seed: 7)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let names = (0..<1000).map { _ in String((0..<120).map { _ in letters.randomElement(using: &generator)! }) }
        var work = SpellingSuggestion.Work()
        let typed = String(names[500].dropLast(3)) + "zzz"
        #expect(SpellingSuggestion.closestNames(to: typed, among: names, work: &work) == [names[500]])
        #expect(work.cells <= 1000 * 120 * 81)
        // A row that is over the limit everywhere ends the table: unrelated names cost a few rows.
        #expect(work.cells < 1000 * 120 * 81 / 2)
        // Longer than the longest measured: only names that share a word are suggested.
        work = SpellingSuggestion.Work()
        let long = String(repeating: "a", count: 200)
        #expect(SpellingSuggestion.closestNames(to: long + "b", among: [long], work: &work) == [])
        #expect(work.cells == 0)
    }

    @Test("the bounded distance agrees with the whole table wherever it answers")
    func boundedDistanceAgrees() {
        var generator = SeededGenerator(seed: 2026)
        let alphabet = Array("abc")
        for _ in 0..<3000 {
            let lhs = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let rhs = (0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let limit = Int.random(in: 0...5, using: &generator)
            let exact = Self.editDistance(lhs, rhs)
            let bounded = SpellingSuggestion.boundedEditDistance(lhs, rhs, atMost: limit)
            #expect(bounded == (exact <= limit ? exact : nil), "\(String(lhs)) \(String(rhs)) \(limit)")
        }
    }

    @Test("closest and onlyClose pass over candidates far longer than the word")
    func longCandidatesAreNotSuggested() {
        let huge = String(repeating: "Dairy", count: 4_000_000)
        #expect(SpellingSuggestion.closest(to: "Diary", among: [huge, "Dairy"]) == "Dairy")
        #expect(SpellingSuggestion.onlyClose(to: "Diary", among: [huge, "Dairy"]) == "Dairy")
        #expect(SpellingSuggestion.closest(to: "Diary", among: [huge]) == nil)
    }

    /// The whole table, the oracle of the bounded distance.
    static func editDistance<T: Equatable>(_ lhs: [T], _ rhs: [T]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previousPrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && lhs[i - 1] == rhs[j - 2] && lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            previousPrevious = previous
            previous = current
        }
        return previous[rhs.count]
    }
}
