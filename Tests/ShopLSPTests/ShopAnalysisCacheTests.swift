@testable import ShopLSP
import ShopCore
import Synchronization
import Testing
import YAML

/// The server's analyses, and how long its answer to "does git merge this file with shop" is kept.
@Suite struct ShopAnalysisCacheTests {
    static let conflicted = "items:\n<<<<<<< ours\n  - name: Tea\n=======\n  - name: Coffee\n>>>>>>> theirs\n"

    /// A cache whose question about git answers from `answers` in turn, counting the questions.
    final class Git: Sendable {
        let asked = Mutex(0)
        let answers: [Bool]
        init(_ answers: [Bool]) { self.answers = answers }
        func merges(_ path: String) -> Bool {
            asked.withLock { count in
                defer { count += 1 }
                return answers[min(count, answers.count - 1)]
            }
        }
    }

    func analyse(_ text: String, _ cache: ShopAnalysisCache) -> ShopAnalysis {
        cache.analysis(of: TextDocument(uri: "file:///home/list/shopping.yaml", languageID: "yaml", version: 1, text: text))
    }

    func advises(_ analysis: ShopAnalysis) -> Bool {
        let source = SourceText(bytes: Array(Self.conflicted.utf8))
        return analysis.findings.contains { $0.message.text(in: source).contains("'shop git setup'") }
    }

    @Test("git is asked once while its answer is fresh, and again once it is not")
    func answerLifetime() {
        let kept = Git([false, true])
        let keeping = ShopAnalysisCache(mergesWithShop: kept.merges, answerLifetime: .seconds(3600))
        #expect(advises(analyse(Self.conflicted, keeping)))
        #expect(advises(analyse(Self.conflicted + "\n", keeping)), "the first answer still holds")
        #expect(kept.asked.withLock { $0 } == 1)

        let asking = Git([false, true])
        let expiring = ShopAnalysisCache(mergesWithShop: asking.merges, answerLifetime: .zero)
        #expect(advises(analyse(Self.conflicted, expiring)))
        #expect(!advises(analyse(Self.conflicted + "\n", expiring)), "git now merges the file with shop")
        #expect(asking.asked.withLock { $0 } == 2)
    }

    @Test("a text without conflict markers does not ask git")
    func noConflicts() {
        let git = Git([true])
        let cache = ShopAnalysisCache(mergesWithShop: git.merges, answerLifetime: .zero)
        _ = analyse("items:\n  - name: Tea\n", cache)
        #expect(git.asked.withLock { $0 } == 0)
    }
}
