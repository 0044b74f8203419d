import Foundation
import Testing
import TestSupport

/// `shop lsp` driven by a real LSP client: the pytest-lsp tests in Tests/lsp, run on the built
/// shop. Without pytest-lsp they are skipped with a line that says so (under CI=true they fail).
@Suite struct LSPEndToEndTests {
    @Test("the pytest-lsp tests of shop lsp pass")
    func pytestLSP() throws {
        guard try requireTool(pythonHasModule("pytest_lsp"), "the Python module pytest-lsp", for: "the shop lsp end-to-end tests")
        else { return }
        let shop = try ShopProcess.requireBinary()
        let process = ShopProcess.process(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-m", "pytest", "Tests/lsp", "-q", "-p", "no:cacheprovider"], in: CLIPaths.repositoryRoot,
            inheriting: .all, environment: ["SHOP_BINARY": shop.path, "PYTHONDONTWRITEBYTECODE": "1"])
        let run = try ShopProcess.run(process, errorsInOutput: true, timeout: 300)
        // pytest's warnings say what a test left out (the soak's memory bound under
        // AddressSanitizer): printed, so that the run's log says it too.
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        if let start = lines.firstIndex(where: { $0.contains(" warnings summary ") }) {
            let section = lines[(start + 1)...].prefix { !$0.hasPrefix("-- Docs:") }
            print("pytest's warnings:\n" + section.joined(separator: "\n"))
        }
        #expect(run.status == 0, "pytest:\n\(run.out)")
        // The summary line counts the tests that ran: all of them passed, and none was skipped.
        let summary = run.out.split(separator: "\n").last { $0.contains(" passed") } ?? ""
        #expect(summary.hasPrefix("28 passed"), "pytest:\n\(run.out)")
    }
}
