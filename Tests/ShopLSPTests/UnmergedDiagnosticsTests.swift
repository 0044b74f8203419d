import JSON
import ShopCore
@testable import ShopLSP
import Synchronization
import Testing

/// The `unmerged` finding in the language server: published with its own severity for a document
/// whose file git holds as unmerged, asked about at each publication, and formatting refused while
/// the text is one side's version.
@Suite struct UnmergedDiagnosticsTests {
    static let uri = "file:///home/sam/lists/shopping.yaml"
    static let ours = "items:\n  - name: Tea\n    price: 4.50\n"
    static let theirs = "items:\n  - name: Tea\n    price: 4.20\n"
    static let stages = UnmergedStages(
        format: .sha1, ours: GitObjectFormat.sha1.blobID(of: Array(ours.utf8)),
        theirs: GitObjectFormat.sha1.blobID(of: Array(theirs.utf8)))

    /// What git holds, as the server is told: from `answers` in turn (the last one kept), with the
    /// paths asked about.
    final class Git: Sendable {
        let asked = Mutex<[String]>([])
        let answers: [UnmergedStages?]
        init(_ answers: [UnmergedStages?]) { self.answers = answers }
        func unmerged(_ path: String) -> (stages: UnmergedStages, name: String)? {
            asked.withLock { asked in
                defer { asked.append(path) }
                return answers[min(asked.count, answers.count - 1)].map { ($0, "lists/shopping.yaml") }
            }
        }
    }

    static func change(_ text: String, version: Int) -> [UInt8] {
        Frames.notification(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
    }

    static func published(_ messages: [JSONValue]) -> [[JSONValue]] {
        messages.filter { $0["method"] == "textDocument/publishDiagnostics" }.map { $0["params"]?["diagnostics"]?.arrayValue ?? [] }
    }

    @Test("one side's version is an error at line 1 that formatting refuses; resolved by hand, a warning")
    func severities() throws {
        let git = Git([Self.stages])
        let input =
            Frames.initialize() + Frames.didOpen(Self.uri, Self.theirs)
            + Frames.request(10, "textDocument/formatting", ["textDocument": ["uri": .string(Self.uri)], "options": [:]])
            + Self.change("items:\n  - name: Tea\n    price: 4.35\n", version: 2) + Frames.shutdownAndExit
        let messages = runServer(input, features: ShopLanguageFeatures.make(unmerged: git.unmerged)).messages
        let published = Self.published(messages)
        #expect(published.count == 2)
        let error = try #require(published.first?.first)
        #expect(error["code"] == "unmerged")
        #expect(error["severity"] == .int(1))
        #expect(error["range"]?["start"] == ["line": 0, "character": 0])
        #expect(error["range"]?["end"] == ["line": 0, "character": 6])
        let message = error["message"]?.stringValue ?? ""
        #expect(message.contains("git still holds lists/shopping.yaml as unmerged, and it is byte for byte one side's version (theirs)"))
        #expect(message.contains("'git checkout -m lists/shopping.yaml'"))
        let refused = try #require(messages.first { $0["id"] == .int(10) })
        #expect(refused["error"]?["message"]?.stringValue?.hasPrefix("the document cannot be formatted: git still holds") == true)
        let warning = try #require(published.last?.first)
        #expect(warning["code"] == "unmerged")
        #expect(warning["severity"] == .int(2))
        #expect(warning["message"] == "git still holds lists/shopping.yaml as unmerged: 'git add lists/shopping.yaml' once it is resolved")
        #expect(git.asked.withLock { $0 } == Array(repeating: "/home/sam/lists/shopping.yaml", count: 3))
    }

    @Test("git is asked at each publication: once the file is added, the next change clears the finding")
    func askedAgain() {
        let git = Git([Self.stages, nil])
        let input = Frames.initialize() + Frames.didOpen(Self.uri, Self.ours) + Self.change(Self.ours, version: 2) + Frames.shutdownAndExit
        let published = Self.published(runServer(input, features: ShopLanguageFeatures.make(unmerged: git.unmerged)).messages)
        #expect(published.map { $0.map { $0["code"] } } == [["unmerged"], []])
    }

    @Test("a document that is no file is not asked about")
    func notAFile() {
        let git = Git([Self.stages])
        let input = Frames.initialize() + Frames.didOpen("untitled:Untitled-1", Self.ours) + Frames.shutdownAndExit
        let messages = runServer(input, features: ShopLanguageFeatures.make(unmerged: git.unmerged)).messages
        #expect(Self.published(messages) == [[]])
        #expect(git.asked.withLock { $0 }.isEmpty)
    }
}
