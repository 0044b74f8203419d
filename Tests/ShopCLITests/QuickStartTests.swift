import Foundation
import Testing

/// The README's Quick start: its two commands are the Makefile's `run` and `test`, which install
/// what is missing with the one install script, and continuous integration runs the same `make test`.
@Suite(.requires(.program("make"))) struct QuickStartTests {
    /// The commands of the Quick start's first `sh` block, without their comments.
    static func commands() throws -> [String] {
        let readme = try DocsPaths.text("README.md")
        let section = try #require(readme.components(separatedBy: "## Quick start\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first)
        return (block.components(separatedBy: "```").first ?? "").split(separator: "\n").map {
            ($0.components(separatedBy: "#").first ?? "").trimmingCharacters(in: .whitespaces)
        }
    }

    /// What `make -n TARGET` would run, as the Makefile alone gives it: make sees the `PATH` and no
    /// other variable of the test's environment, where a make that runs the tests leaves its own
    /// (`MAKEFLAGS`, `MAKELEVEL`, `MFLAGS`) and the variables it was given (`ASAN_TESTS=...`),
    /// which the Makefile would take up.
    static func plan(_ target: String) throws -> String {
        let run = try DocsTools.run(
            "make", ["-n", "--no-print-directory", "-C", DocsPaths.root.path, target], inheriting: .only(["PATH"]))
        #expect(run.status == 0, "make -n \(target): \(run.output)")
        return run.out
    }

    @Test("the Quick start gives make run and make test")
    func commands() throws {
        #expect(try Self.commands() == ["make run", "make test"])
    }

    @Test("make run installs libyaml-dev where it may, builds shop and exports the example as Markdown")
    func run() throws {
        let plan = try Self.plan("run")
        #expect(plan.contains("bash scripts/install-dependencies.sh build\n"), "\(plan)")
        #expect(plan.contains("/shop\" export --format markdown examples/groceries.yaml\n"), "\(plan)")
    }

    @Test("make test installs the test tools, then runs swift test; .ci/run runs make test, then make tsan when it fits")
    func test() throws {
        let plan = try Self.plan("test")
        #expect(plan.contains("bash scripts/install-dependencies.sh test\n"), "\(plan)")
        #expect(plan.contains("swift test"), "\(plan)")
        let ci = try DocsPaths.text(".ci/run")
        let test = try #require(ci.range(of: "\nmake test\n"), "\(ci)")
        let thread = try #require(ci.range(of: "\n    make tsan\n"), "\(ci)")
        #expect(test.upperBound <= thread.lowerBound, "\(ci)")
        #expect(ci.contains("ThreadSanitizer pass left out"), "\(ci)")
    }

    @Test("make tsan runs the filtered tests under ThreadSanitizer, make asan the tests under AddressSanitizer")
    func sanitizers() throws {
        let thread = try Self.plan("tsan")
        #expect(thread.contains("swift test --sanitize=thread"), "\(thread)")
        #expect(thread.contains("--filter 'SecondThreadTests|"), "\(thread)")
        let address = try Self.plan("asan")
        #expect(address.contains("swift test --sanitize=address"), "\(address)")
        #expect(!address.contains("--filter"), "\(address)")
        #expect(address.contains("SHOP_TEST_SANITIZER=address "), "\(address)")
    }
}
