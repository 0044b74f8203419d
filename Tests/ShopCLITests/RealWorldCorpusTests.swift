import Foundation
import Synchronization
import Testing
import TestSupport
import YAML

/// Real-world YAML files (CI workflows, Kubernetes manifests, Helm values, Home Assistant and linter
/// configurations, ...), read in place from the test corpus (``TestCorpus``). `shop fmt --stdout`
/// formats each one or refuses it cleanly, for a reason the file really has; what it formats keeps
/// its data, as other YAML readers read it, and every comment, and formats to itself.
@Suite("real-world YAML corpus", .requires(.realWorldCorpus))
struct RealWorldCorpusTests {
    /// What `shop fmt --stdout FILE` did.
    struct Outcome {
        var file: URL
        var run: ShopProcess.Result

        var name: String { file.lastPathComponent }
        var formatted: Bool { run.status == 0 && !run.signaled }
    }

    /// The files the corpus lists in `SOURCES.tsv` (with their sources and licenses), sorted.
    static func files() throws -> [URL] {
        let list = TestCorpus.realWorld.appendingPathComponent("SOURCES.tsv")
        let sources = try String(contentsOf: list, encoding: .utf8)
        let names = sources.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first }
        return names.map { TestCorpus.realWorld.appendingPathComponent(String($0)) }.sorted { $0.path < $1.path }
    }

    /// fmt's run on every file, made once for all the tests, as many at a time as there are cores.
    static let outcomes: Result<[Outcome], TestFailure> = {
        let files: [URL]
        do {
            files = try Self.files()
        } catch {
            return .failure(TestFailure("cannot read the corpus's SOURCES.tsv: \(error)"))
        }
        let outcomes = Collected<Outcome>()
        let failures = Collected<String>()
        inParallel(files) { file in
            do {
                outcomes.add(Outcome(file: file, run: try ShopProcess.run(["fmt", "--stdout", file.path], timeout: 30)))
            } catch {
                failures.add("\(file.lastPathComponent): \(error)")
            }
        }
        guard failures.all.isEmpty else { return .failure(TestFailure(failures.all.joined(separator: "\n"))) }
        return .success(outcomes.all.sorted { $0.file.path < $1.file.path })
    }()

    @Test("SOURCES.tsv lists every file of the corpus, and only those")
    func everyFileIsListed() throws {
        let listed = try Self.files().map(\.lastPathComponent)
        let present = try FileManager.default.contentsOfDirectory(atPath: TestCorpus.realWorld.path)
            .filter { $0 != "SOURCES.tsv" }
        #expect(listed.count > 100, "the corpus has 116 files")
        #expect(Set(listed) == Set(present))
        #expect(Set(listed).count == listed.count)
    }

    @Test("fmt formats every file or refuses it with exit 1 and a file:line:column error")
    func formatsOrRefusesCleanly() throws {
        let outcomes = try Self.outcomes.get()
        let diagnostic = try Regex(#"^(.+):([0-9]+):([0-9]+): error: (.+) \[([a-z-]+)\]$"#)
        for outcome in outcomes {
            let run = outcome.run
            #expect(!run.signaled, "\(outcome.name): fmt died of signal \(run.status)")
            switch run.status {
            case 0:
                #expect(run.err.isEmpty, "\(outcome.name): \(run.err)")
                #expect(!run.stdout.isEmpty, "\(outcome.name): fmt printed nothing")
            case 1:
                #expect(run.stdout.isEmpty, "\(outcome.name): fmt printed text and refused it")
                let firstLine = String(run.err.prefix { $0 != "\n" })
                let match = try diagnostic.wholeMatch(in: firstLine)
                #expect(match?.output[1].substring == outcome.file.path[...], "\(outcome.name): \(run.err)")
            default:
                Issue.record("\(outcome.name): fmt exited \(run.status): \(run.err)")
            }
        }
        // Most real-world YAML is what shop reads; a drop means the reader refuses what it should not.
        #expect(outcomes.filter(\.formatted).count > 80, "fmt formatted \(outcomes.filter(\.formatted).count) files")
    }

    @Test(
        "each refusal is for an anchor, alias, tag, directive or second document that PyYAML finds too, or for bad YAML",
        .requires(.pyYAML))
    func refusalsAreForRealReasons() throws {
        let reasons: Set<YAMLError.Kind> = [.anchor, .alias, .tag, .directive, .multipleDocuments, .syntax]
        var cases: [[String: Any]] = []
        for outcome in try Self.outcomes.get() where !outcome.formatted {
            let bytes = [UInt8](try Data(contentsOf: outcome.file))
            do {
                _ = try Document(parsing: bytes)
                Issue.record("\(outcome.name): fmt refused what the YAML library reads: \(outcome.run.err)")
            } catch {
                #expect(reasons.contains(error.kind), "\(outcome.name): refused for \(error.kind): \(error)")
                let position = "\(outcome.file.path):\(error.location.line):\(error.location.column): error: "
                #expect(outcome.run.err.hasPrefix(position), "\(outcome.name): \(outcome.run.err)")
                cases.append(["input": outcome.file.path, "refused": error.kind.rawValue, "line": error.location.line])
            }
        }
        let refused = try Self.judge(cases).refused
        #expect(refused.count == cases.count)
        let problems = refused.flatMap { entry in entry.problems.map { "\(entry.input.lastPathComponent): \($0)" } }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    /// What the readers make of every formatted file and its output (see `compare_yaml.py`).
    static let formattedJudgement: Result<[Judgement.Formatted], TestFailure> = {
        do {
            let cases: [[String: Any]] = try outcomes.get().filter(\.formatted).map {
                ["input": $0.file.path, "output": $0.run.out]
            }
            let formatted = try judge(cases).formatted
            guard formatted.map(\.input) == cases.map({ $0["input"] as? String }) else {
                return .failure(TestFailure("the judge answered for other files"))
            }
            return .success(formatted)
        } catch let failure as TestFailure {
            return .failure(failure)
        } catch {
            return .failure(TestFailure("\(error)"))
        }
    }()

    @Test(
        "what fmt formats, PyYAML (with and without libyaml) and ruamel.yaml read as the same data before and after",
        .requires(.pyYAML), .requires(.ruamelYAML))
    func dataIsKept() throws {
        let judged = try Self.formattedJudgement.get()
        var compared = 0
        for entry in judged {
            let name = entry.input.lastPathComponent
            // fmt read it: a YAML 1.1 reader reads it too. ruamel.yaml refuses duplicate keys.
            #expect(entry.readers.contains("PyYAML"), "\(name): PyYAML cannot read the input")
            compared += entry.readers.count
            #expect(entry.dataProblems.isEmpty, "\(name): \(entry.dataProblems.joined(separator: "\n"))")
        }
        #expect(compared >= 2 * judged.count)
    }

    @Test(
        "what fmt formats keeps every comment, in order, as PyYAML's tokens leave them and as the YAML library reads them",
        .requires(.pyYAML), .requires(.ruamelYAML))
    func commentsAreKept() throws {
        let judged = try Self.formattedJudgement.get()
        let outputs = Dictionary(uniqueKeysWithValues: try Self.outcomes.get().map { ($0.file.path, $0.run.stdout) })
        var total = 0
        for entry in judged {
            let name = entry.input.lastPathComponent
            #expect(entry.commentProblems.isEmpty, "\(name): \(entry.commentProblems.joined(separator: "\n"))")
            // The library's reading of the comments, of the input and of the output, is the same list.
            total += entry.comments.count
            let input = try Document(parsing: [UInt8](try Data(contentsOf: URL(fileURLWithPath: entry.input))))
            let output = try Document(parsing: [UInt8](outputs[entry.input] ?? Data()))
            #expect(
                input.allComments.map(\.text) == entry.comments,
                "\(name): the library reads other comments than PyYAML's tokens leave")
            #expect(output.allComments.map(\.text) == entry.comments, "\(name): the output's comments differ")
        }
        // The corpus is full of comments; finding few means the comparison looks at nothing.
        #expect(total > 5_000, "only \(total) comments found")
    }

    @Test("formatting fmt's output again changes nothing")
    func idempotent() throws {
        let formatted = try Self.outcomes.get().filter(\.formatted)
        let problems = Collected<String>()
        Self.inParallel(formatted) { outcome in
            do {
                let again = try ShopProcess.run(["fmt", "--stdout", "-"], stdin: outcome.run.stdout, timeout: 30)
                if again.status != 0 {
                    problems.add("\(outcome.name): fmt refused its own output: \(again.err)")
                } else if again.stdout != outcome.run.stdout {
                    problems.add(
                        "\(outcome.name): \(lineDiff(expected: [UInt8](outcome.run.stdout), actual: [UInt8](again.stdout)))")
                }
            } catch {
                problems.add("\(outcome.name): \(error)")
            }
        }
        #expect(formatted.count > 80)
        #expect(problems.all.isEmpty, "\(problems.all.sorted().joined(separator: "\n"))")
    }

    @Test("check answers every file with 0 or 1 and a JSON array of findings")
    func checkAnswers() throws {
        let problems = Collected<String>()
        Self.inParallel(try Self.files()) { file in
            do {
                let run = try ShopProcess.run(["check", "--format", "json", file.path], timeout: 30)
                if run.signaled || ![0, 1].contains(run.status) {
                    problems.add("\(file.lastPathComponent): check ended with \(run)")
                } else if (try? JSONSerialization.jsonObject(with: run.stdout)) as? [Any] == nil {
                    problems.add("\(file.lastPathComponent): check printed no JSON array: \(run.out.prefix(200))")
                }
            } catch {
                problems.add("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(problems.all.isEmpty, "\(problems.all.sorted().joined(separator: "\n"))")
    }

    /// Runs `compare_yaml.py` on `cases` and returns its report.
    static func judge(_ cases: [[String: Any]]) throws -> Judgement {
        let script = CLIPaths.testsDirectory.appendingPathComponent("Fixtures/corpus/compare_yaml.py")
        let python = ShopProcess.process(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path], inheriting: .all)
        let result = try ShopProcess.run(python, stdin: .pipe(try JSONSerialization.data(withJSONObject: cases)))
        guard result.status == 0, let report = try? JSONDecoder().decode(Judgement.self, from: result.stdout) else {
            throw TestFailure("compare_yaml.py failed: \(result.err)")
        }
        return report
    }

    /// Runs `body` on every element, as many at a time as there are cores.
    static func inParallel<Element: Sendable>(_ elements: [Element], _ body: @Sendable (Element) -> Void) {
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for (index, element) in elements.enumerated() where index % workers == worker { body(element) }
        }
    }
}

/// What `compare_yaml.py` reports.
struct Judgement: Decodable, Sendable {
    /// A formatted file: the readers that read it, its comments, and what differs in the output.
    struct Formatted: Decodable, Sendable {
        var input: String
        var readers: [String]
        var comments: [String]
        var dataProblems: [String]
        var commentProblems: [String]
    }

    /// A refused file, and what PyYAML says against the refusal.
    struct Refused: Decodable, Sendable {
        var input: String
        var problems: [String]
    }

    var formatted: [Formatted]
    var refused: [Refused]
}

/// Values gathered from several threads.
final class Collected<Element: Sendable>: Sendable {
    private let values = Mutex<[Element]>([])

    func add(_ value: Element) {
        values.withLock { $0.append(value) }
    }

    var all: [Element] {
        values.withLock { $0 }
    }
}

extension String {
    /// The last part of a path.
    fileprivate var lastPathComponent: String { (self as NSString).lastPathComponent }
}
