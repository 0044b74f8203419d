import Foundation
@testable import ShopCLI
import Testing
import TestSupport

/// `shop history`: prices from the list's git history, items followed through renames.
@Suite("shop history", .requires(.program("git")))
struct HistoryCommandTests {
    /// A history of five commits, a day apart from 2026-03-01: the list; Bread dearer; a version
    /// that is no list; two renames (one by id, one with everything else equal) and Oat milk
    /// dearer; the file renamed and Apples cheaper. The commits' hashes, oldest first.
    func history(_ repository: GitScratch) throws -> [String] {
        let list = GitScratch.list.replacingOccurrences(of: "  - name: Oat milk\n", with: "  - name: Oat milk\n    id: om-1\n")
        try repository.write(list)
        try repository.commit("the list")
        let dearer = list.replacingOccurrences(of: "    price: 2.10\n", with: "    price: 2.30\n")
        try repository.write(dearer)
        try repository.commit("bread")
        try repository.write(dearer.replacingOccurrences(of: "title: Weekly\n", with: "title: [Weekly\n"))
        try repository.commit("broken")
        let renamed = dearer.replacingOccurrences(of: "name: Bread", with: "name: Sourdough bread")
            .replacingOccurrences(of: "name: Oat milk", with: "name: Oat drink")
            .replacingOccurrences(of: "    price: 1.89\n", with: "    price: 1.99\n")
        try repository.write(renamed)
        try repository.commit("renames")
        try repository.git("mv", "shopping.yaml", "list.yaml")
        try repository.write(renamed.replacingOccurrences(of: "    price: 3.49\n", with: "    price: 3.29\n"), to: "list.yaml")
        try repository.commit("apples")
        return try repository.git("log", "--format=%H", "--reverse").out.split(separator: "\n").map(String.init)
    }

    @Test("text: first and last price, change, sparkline, and each change with its date and commit")
    func text() throws {
        let repository = try GitScratch()
        let commits = try history(repository).map { $0.prefix(7) }
        let run = try repository.shop("-f", "list.yaml", "history")
        #expect(run.status == 0, "\(run)")
        #expect(
            run.out == """
                Apples: 3.49 -> 3.29 (-5.7%) █▁
                  2026-03-01 \(commits[0]) 3.49
                  2026-03-05 \(commits[4]) 3.29

                Sourdough bread: 2.10 -> 2.30 (+9.5%) ▁█
                  2026-03-01 \(commits[0]) 2.10
                  2026-03-02 \(commits[1]) 2.30

                Oat drink: 1.89 -> 1.99 (+5.3%) ▁█
                  2026-03-01 \(commits[0]) 1.89
                  2026-03-04 \(commits[3]) 1.99

                """)
        #expect(run.err.hasPrefix("skipped \(commits[2]) (2026-03-03): not a readable list (line 2: "), "\(run)")
        #expect(run.err.split(separator: "\n").count == 1, "\(run)")
    }

    @Test("prices in several currencies carry their codes and are not compared")
    func currencyChange() throws {
        let repository = try GitScratch()
        try repository.write("currency: EUR\nitems:\n  - name: Tea\n    price: 3.00\n  - name: Rice\n    price: 2.00\n")
        try repository.commit("euros")
        try repository.write("currency: JPY\nitems:\n  - name: Tea\n    price: 400\n  - name: Rice\n    price: 2\n")
        try repository.commit("yen")
        let commits = try repository.git("log", "--format=%H", "--reverse").out.split(separator: "\n").map { $0.prefix(7) }
        let run = try repository.shop("history")
        #expect(run.status == 0, "\(run)")
        #expect(
            run.out == """
                Tea: 3.00 EUR -> 400 JPY (the currency changed)
                  2026-03-01 \(commits[0]) 3.00 EUR
                  2026-03-02 \(commits[1]) 400 JPY

                Rice: 2.00 EUR -> 2 JPY (the currency changed)
                  2026-03-01 \(commits[0]) 2.00 EUR
                  2026-03-02 \(commits[1]) 2 JPY

                """)
    }

    @Test("items that never had a price are counted in one line, or named when asked for")
    func unpricedItems() throws {
        let repository = try GitScratch()
        try repository.write(GitScratch.list + "  - name: Salt\n  - name: Pepper\n    category: Pantry\n")
        try repository.commit("the list")
        let commit = try repository.git("log", "--format=%h", "-1").out.trimmingCharacters(in: .newlines)
        let all = try repository.shop("history")
        #expect(all.status == 0, "\(all)")
        // The priced items' blocks, then the count.
        #expect(all.out.hasPrefix("Apples: 3.49 ▄\n  "), "\(all)")
        #expect(all.out.hasSuffix(" \(commit) 1.89\n\n2 items have no price in the history\n"), "\(all)")
        #expect(!all.out.contains("Salt"), "\(all)")
        let named = try repository.shop("history", "salt", "Apples")
        #expect(named.status == 0, "\(named)")
        #expect(named.out.hasPrefix("Apples: 3.49 ▄\n"), "\(named)")
        #expect(named.out.hasSuffix("\n\nSalt: no price in the history\n"), "\(named)")
        #expect(!named.out.contains("have no price"), "\(named)")
    }

    @Test("CSV and JSON: one row per price change; NAME picks items")
    func csvAndJSON() throws {
        let repository = try GitScratch()
        let commits = try history(repository)
        let csv = try repository.shop("-f", "list.yaml", "history", "--format", "csv", "oat DRINK")
        #expect(csv.status == 0, "\(csv)")
        #expect(csv.out == "item,date,commit,price\r\nOat drink,2026-03-01,\(commits[0]),1.89\r\nOat drink,2026-03-04,\(commits[3]),1.99\r\n")
        let json = try repository.shop("-f", "list.yaml", "history", "--format", "json", "Apples")
        let value = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(value.count == 1 && value[0]["item"] as? String == "Apples")
        let prices = try #require(value[0]["prices"] as? [[String: String]])
        #expect(prices == [
            ["date": "2026-03-01", "commit": commits[0], "price": "3.49"],
            ["date": "2026-03-05", "commit": commits[4], "price": "3.29"],
        ])
    }

    @Test("an unknown name, a list outside git and a list never committed are refused")
    func refusals() throws {
        let repository = try GitScratch()
        _ = try history(repository)
        let unknown = try repository.shop("-f", "list.yaml", "history", "Aples")
        #expect(unknown.status == 1 && unknown.err.contains("did you mean \"Apples\"?"), "\(unknown)")
        try repository.write(GitScratch.list, to: "new.yaml")
        let uncommitted = try repository.shop("-f", "new.yaml", "history")
        #expect(uncommitted.status == 1 && uncommitted.err.contains("has no committed versions"), "\(uncommitted)")
        let outside = try EditScratch()
        try outside.write(GitScratch.list, to: "shopping.yaml")
        let notGit = try EditCLI.run(["history"], in: outside.folder, environment: repository.environment)
        #expect(notGit.status == 1 && notGit.err.contains("not in a git work tree"), "\(notGit)")
    }

    @Test("a long history of a long list is read version by version and followed through a rename")
    func longHistory() throws {
        let repository = try GitScratch()
        // Six versions of a 4.6 MB list: each is read alone (batches hold 1 MiB).
        // Tea is renamed in the third, its price unchanged: git is asked for the second and the
        // third again, to compare the two items whole.
        var prefix = "currency: EUR\nitems:\n  - name: Tea\n    price: 3.00\n"
        for index in 0..<120_000 { prefix += "  - name: Filler \(index)\n    quantity: 2\n" }
        var commits: [String] = []
        for (step, price) in ["3.00", "3.10", "3.10", "3.40", "2.90", "3.20"].enumerated() {
            // Each version differs: a filler changes with every step.
            try repository.write(
                prefix.replacingOccurrences(of: "price: 3.00", with: "price: \(price)")
                    .replacingOccurrences(of: "name: Tea\n", with: step >= 2 ? "name: Green tea\n" : "name: Tea\n")
                    .replacingOccurrences(of: "Filler 5\n", with: "Filler 5\n    unit: step \(step)\n"))
            try repository.commit("step \(step)")
            commits.append(String(try repository.git("rev-parse", "--short=7", "HEAD").out.prefix(7)))
        }
        let run = try repository.shop("history", "Green tea", "--format", "csv")
        #expect(run.status == 0, "\(run)")
        let lines = run.out.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(lines.map { $0.last ?? "" } == ["3.00", "3.10", "3.40", "2.90", "3.20"], "\(run.out)")
        #expect(lines.allSatisfy { $0.first == "Green tea" }, "\(run.out)")
        #expect(run.out.contains(commits[0]) && run.out.contains(commits[5]) && !run.out.contains(commits[2]), "\(run.out)")
        let old = try repository.shop("history", "Tea")
        #expect(old.status == 1 && old.err.contains("no item named \"Tea\""), "\(old)")
    }

    @Test("versions are read in batches of a bounded size, a larger one alone")
    func batches() {
        #expect(HistoryCommand.batches(sizes: [], limit: 10) == [])
        #expect(HistoryCommand.batches(sizes: [4, 4, 4, nil, 4], limit: 10) == [0..<2, 2..<5])
        #expect(HistoryCommand.batches(sizes: [20, 1, 30, 30], limit: 10) == [0..<1, 1..<2, 2..<3, 3..<4])
        #expect(HistoryCommand.batches(sizes: [5, 5, 5, 5], limit: 10) == [0..<2, 2..<4])
    }
}
