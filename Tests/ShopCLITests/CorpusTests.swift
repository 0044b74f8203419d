import Foundation
import Testing

/// Every input of the YAML test suite through `shop check` and `shop fmt --stdout`: hostile and
/// unusual YAML gets an answer, never a crash or a hang, and whatever fmt writes is YAML that
/// check can read.
@Suite("YAML test suite corpus")
struct CorpusTests {
    /// Every `in.yaml` below the corpus folder (some cases have numbered subfolders), read in place.
    static let cases: [URL] = {
        guard let walker = FileManager.default.enumerator(at: CLIPaths.corpus, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.lastPathComponent == "in.yaml" }
            .sorted { $0.path < $1.path }
    }()

    /// The longest a single run may take.
    static let limit = Duration.seconds(1)

    @Test("check and fmt answer every case with 0, 1 or 2, quickly, and fmt's output has no syntax error")
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

    static func check(_ file: URL, name: String, failures: Failures) throws {
        func judge(_ result: ShopProcess.Result, _ what: String) {
            if result.signaled {
                failures.add("\(name): \(what) died of signal \(result.status)")
            } else if ![0, 1, 2].contains(result.status) {
                failures.add("\(name): \(what) exited \(result.status)")
            }
            if result.duration > limit {
                failures.add("\(name): \(what) took \(result.duration)")
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
        failures.countFormatted()
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
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    private var formattedCount = 0

    func add(_ failure: String) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    /// Notes one case that fmt formatted.
    func countFormatted() {
        lock.lock()
        formattedCount += 1
        lock.unlock()
    }

    var formatted: Int {
        lock.lock()
        defer { lock.unlock() }
        return formattedCount
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list.sorted()
    }
}
