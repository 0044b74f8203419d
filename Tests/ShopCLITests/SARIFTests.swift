import Foundation
import ShopCore
import Testing

/// `shop check --format sarif`: a SARIF 2.1.0 log in the shape code-scanning services ingest.
@Suite struct SARIFTests {
    static let broken = """
        currency: EUR
        categories: [Produce]
        items:
          - name: Äpfel
            price: 3,49
            category: Obst
          - name: äpfel
            prize: 2
          - name: Milk
            done: true

        """

    /// The log `shop check --format sarif` prints for `paths` in `folder`.
    static func log(_ paths: [String], in folder: URL) throws -> (status: Int32, log: [String: Any]) {
        let run = try DocsTools.shop(["check", "--format", "sarif"] + paths, in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
        return (run.status, try #require(object as? [String: Any], "\(run.out)"))
    }

    @Test("the log, the tool, its rules and every result have what GitHub code scanning requires")
    func structure() throws {
        try withTemporaryDirectory { folder in
            let lists = folder.appendingPathComponent("lists é", isDirectory: true)
            try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
            try Files.write(Self.broken, to: lists.appendingPathComponent("week 1.yaml"))
            try Files.write("items: []\n", to: folder.appendingPathComponent("clean.yaml"))
            let (status, log) = try Self.log(["lists é/week 1.yaml", "clean.yaml"], in: folder)
            #expect(status == 1)

            #expect(log["version"] as? String == "2.1.0")
            #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
            let runs = try #require(log["runs"] as? [[String: Any]])
            #expect(runs.count == 1)
            let run = runs[0]
            #expect(run["columnKind"] as? String == "unicodeCodePoints")
            let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
            #expect(driver["name"] as? String == "shop")
            #expect((driver["version"] as? String)?.isEmpty == false)

            let rules = try #require(driver["rules"] as? [[String: Any]])
            #expect(rules.count == RuleID.allCases.count)
            var ruleIDs: [String] = []
            for rule in rules {
                let id = try #require(rule["id"] as? String)
                ruleIDs.append(id)
                #expect(id.range(of: "^[a-z]+(-[a-z]+)*$", options: .regularExpression) != nil, "\(id)")
                let short = (rule["shortDescription"] as? [String: Any])?["text"] as? String
                #expect(short?.isEmpty == false, "\(id) has a description")
                #expect(short?.hasSuffix(".") == true, "\(id): \(short ?? "")")
                let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
                #expect(["error", "warning"].contains(level ?? ""), "\(id): \(level ?? "none")")
            }
            #expect(Set(ruleIDs).count == rules.count, "rule ids are unique")

            let results = try #require(run["results"] as? [[String: Any]])
            #expect(
                results.compactMap { $0["ruleId"] as? String } == [
                    "bad-price", "unknown-category", "duplicate-name", "unknown-key", "done-not-bought",
                ])
            for result in results {
                let ruleID = try #require(result["ruleId"] as? String)
                let index = try #require(result["ruleIndex"] as? Int)
                #expect(ruleIDs.indices.contains(index) && ruleIDs[index] == ruleID, "ruleIndex of \(ruleID)")
                let level = try #require(result["level"] as? String)
                #expect(["error", "warning", "note", "none"].contains(level))
                let ruleLevel = (rules[index]["defaultConfiguration"] as? [String: Any])?["level"] as? String
                #expect(level == ruleLevel)
                #expect(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
                let locations = try #require(result["locations"] as? [[String: Any]])
                #expect(locations.count == 1)
                let physical = try #require(locations[0]["physicalLocation"] as? [String: Any])
                let uri = try #require((physical["artifactLocation"] as? [String: Any])?["uri"] as? String)
                #expect(uri == "lists%20%C3%A9/week%201.yaml")
                #expect(URL(string: uri) != nil, "a valid URI reference")
                let region = try #require(physical["region"] as? [String: Any])
                #expect((region["startLine"] as? Int ?? 0) >= 1)
                #expect((region["startColumn"] as? Int ?? 0) >= 1)
            }
        }
    }

    @Test("locations are the positions the text format reports")
    func positionsMatchText() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            let (_, log) = try Self.log(["list.yaml"], in: folder)
            let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            let fromSARIF = results.compactMap { result -> String? in
                guard let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any],
                    let region = physical["region"] as? [String: Any],
                    let line = region["startLine"] as? Int, let column = region["startColumn"] as? Int,
                    let rule = result["ruleId"] as? String
                else { return nil }
                return "list.yaml:\(line):\(column): [\(rule)]"
            }
            let text = try DocsTools.shop(["check", "list.yaml"], in: folder)
            let fromText = text.out.split(separator: "\n").filter { $0.hasPrefix("list.yaml:") }.map { line in
                let parts = line.split(separator: ":", maxSplits: 3)
                let rule = line.split(separator: "[").last.map { "[" + $0 } ?? ""
                return "\(parts[0]):\(parts[1]):\(parts[2]): \(rule)"
            }
            #expect(fromSARIF == fromText)
            // Columns count characters: the value after "name: Ä" is not shifted by Ä's two bytes.
            #expect(fromSARIF.contains("list.yaml:7:11: [duplicate-name]"), "\(fromSARIF)")
        }
    }

    @Test("a clean file gives an empty results array; an absolute path a file URI; ./ is dropped")
    func uris() throws {
        try withTemporaryDirectory { folder in
            try Files.write("items: []\n", to: folder.appendingPathComponent("clean.yaml"))
            try Files.write("items: [{name: A, prize: 1}]\n", to: folder.appendingPathComponent("warn.yaml"))
            let (status, clean) = try Self.log(["clean.yaml"], in: folder)
            #expect(status == 0)
            #expect(((clean["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)

            func uri(_ path: String) throws -> String? {
                let (_, log) = try Self.log([path], in: folder)
                let result = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])?.first
                let physical = (result?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
            #expect(try uri("./warn.yaml") == "warn.yaml")
            let absolute = folder.appendingPathComponent("warn.yaml").path
            #expect(try uri(absolute) == "file://" + absolute)
        }
    }

    /// The log is written a file at a time: several files, one unreadable, make one log whose
    /// results are each file's in the order given, and a run of nothing readable still a log.
    @Test("several files make one log, their results in order")
    func severalFiles() throws {
        try withTemporaryDirectory { folder in
            try Files.write(Self.broken, to: folder.appendingPathComponent("list.yaml"))
            try Files.write("items: [{name: A, prize: 1}]\n", to: folder.appendingPathComponent("warn.yaml"))
            let run = try DocsTools.shop(["check", "--format", "sarif", "list.yaml", "missing.yaml", "warn.yaml"], in: folder)
            #expect(run.status == 2, "\(run.err)")
            #expect(run.err.contains("missing.yaml"), "\(run.err)")
            let log = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
            let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
            let files = results.compactMap { result -> String? in
                let physical = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
                return (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
            }
            let (_, alone) = try Self.log(["list.yaml"], in: folder)
            let listResults = try #require((alone["runs"] as? [[String: Any]])?.first?["results"] as? [Any])
            #expect(files == Array(repeating: "list.yaml", count: listResults.count) + ["warn.yaml"])
            let nothing = try DocsTools.shop(["check", "--format", "sarif", "missing.yaml"], in: folder)
            let empty = try #require(try JSONSerialization.jsonObject(with: Data(nothing.out.utf8)) as? [String: Any])
            #expect(((empty["runs"] as? [[String: Any]])?.first?["results"] as? [Any])?.isEmpty == true)
        }
    }
}
