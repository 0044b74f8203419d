import Foundation
import Synchronization
import Testing
import TestSupport

/// Every input of the YAML test suite through `shop check` and `shop fmt --stdout`: hostile and
/// unusual YAML gets an answer, never a crash or a hang, and whatever fmt writes is YAML that
/// check can read.
@Suite("YAML test suite corpus", .requires(.yamlTestSuite))
struct CorpusTests {
    /// Every `in.yaml` below the corpus folder (some cases have numbered subfolders), read in place.
    static let cases: [URL] = {
        guard let walker = FileManager.default.enumerator(at: CLIPaths.corpus, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "in.yaml" }
            .sorted { $0.path < $1.path }
    }()

    @Test("check and fmt answer every case with 0, 1 or 2, and fmt's output has no syntax error")
    func corpus() throws {
        #expect(Self.cases.count > 300, "corpus not found at \(CLIPaths.corpus.path)")
        let failures = Failures()
        let workers = 4
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for (index, file) in Self.cases.enumerated() where index % workers == worker {
                let name = file.path.replacingOccurrences(of: CLIPaths.corpus.path + "/", with: "")
                do {
                    try Self.check(file, name: name, failures: failures)
                } catch {
                    failures.add("\(name): \(error)")
                }
            }
        }
        let found = failures.all
        #expect(failures.formatted > 150, "fmt formatted only \(failures.formatted) cases")
        #expect(found.isEmpty, "\(found.count) problems:\n\(found.prefix(20).joined(separator: "\n"))")
    }

    @Test("fmt keeps the data of every case, as ruamel.yaml (YAML 1.2) reads input and output", .requires(.ruamelYAML))
    func dataKept() throws {
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for (index, file) in Self.cases.enumerated() where index % 4 == worker {
                guard let result = try? ShopProcess.run(["fmt", "--stdout", file.path], timeout: 10), result.status == 0 else {
                    continue
                }
                failures.countFormatted(file, output: result.stdout)
            }
        }
        let cases = failures.formattedOutputs.map { ["input": $0.input.path, "output": String(decoding: $0.output, as: UTF8.self)] }
        let script = #"""
            import json, math, sys
            from ruamel.yaml import YAML
            reader = YAML(typ='safe', pure=True)
            def norm(v):
                if isinstance(v, float) and math.isnan(v): return 'NaN'
                if isinstance(v, dict): return sorted((repr(norm(k)), norm(x)) for k, x in v.items())
                if isinstance(v, list): return [norm(x) for x in v]
                return v if isinstance(v, (str, int, float, bool, type(None))) else repr(v)
            compared, problems = 0, []
            for case in json.load(sys.stdin):
                try:
                    before = reader.load(open(case['input'], 'rb').read().decode('utf-8'))
                except Exception:
                    continue  # a case ruamel.yaml does not read (duplicate keys, ...)
                compared += 1
                try:
                    after = reader.load(case['output'])
                except Exception as error:
                    problems.append('%s: the output cannot be read: %s' % (case['input'], error))
                    continue
                if norm(before) != norm(after):
                    problems.append('%s: %r became %r' % (case['input'], before, after))
            print(json.dumps({'compared': compared, 'problems': problems}))
            """#
        let python = ShopProcess.process(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script], inheriting: .all)
        let result = try ShopProcess.run(python, stdin: .pipe(try JSONSerialization.data(withJSONObject: cases)))
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.err)")
        #expect(report["compared"] as? Int ?? 0 > 150)
        let problems = report["problems"] as? [String] ?? ["no report"]
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    static func check(_ file: URL, name: String, failures: Failures) throws {
        func judge(_ result: ShopProcess.Result, _ what: String) {
            if result.signaled {
                failures.add("\(name): \(what) died of signal \(result.status)")
            } else if ![0, 1, 2].contains(result.status) {
                failures.add("\(name): \(what) exited \(result.status)")
            }
        }
        let check = try ShopProcess.run(["check", "--format", "json", file.path], timeout: 10)
        judge(check, "check")
        if check.status != 2, (try? JSONSerialization.jsonObject(with: check.stdout)) as? [Any] == nil {
            failures.add("\(name): check printed no JSON array: \(check.out.prefix(200))")
        }
        let format = try ShopProcess.run(["fmt", "--stdout", file.path], timeout: 10)
        judge(format, "fmt")
        guard format.status == 0 else {
            if format.err.isEmpty { failures.add("\(name): fmt failed without saying why") }
            return
        }
        failures.countFormatted(file, output: format.stdout)
        let again = try ShopProcess.run(["fmt", "--stdout", "-"], stdin: format.stdout, timeout: 10)
        judge(again, "fmt of fmt's output")
        if again.stdout != format.stdout {
            failures.add("\(name): fmt is not idempotent:\n\(format.out)\n---\n\(again.out)")
        }
        let recheck = try ShopProcess.run(["check", "--format", "json", "-"], stdin: format.stdout, timeout: 10)
        judge(recheck, "check of fmt's output")
        let findings = (try? JSONSerialization.jsonObject(with: recheck.stdout)) as? [[String: Any]]
        if findings == nil {
            failures.add("\(name): check of fmt's output printed no JSON array")
        } else if let syntax = findings?.first(where: { $0["rule"] as? String == "syntax" }) {
            failures.add("\(name): fmt wrote text with a syntax error: \(syntax["message"] ?? "")\n\(format.out)")
        }
    }
}

/// Failures collected from several threads.
final class Failures: Sendable {
    private let list = Mutex<[String]>([])
    private let outputs = Mutex<[(input: URL, output: Data)]>([])

    func add(_ failure: String) {
        list.withLock { $0.append(failure) }
    }

    /// Notes one case that fmt formatted, with what it wrote.
    func countFormatted(_ input: URL, output: Data) {
        outputs.withLock { $0.append((input, output)) }
    }

    var formatted: Int { outputs.withLock { $0.count } }

    var formattedOutputs: [(input: URL, output: Data)] { outputs.withLock { $0 } }

    var all: [String] { list.withLock { $0.sorted() } }
}
