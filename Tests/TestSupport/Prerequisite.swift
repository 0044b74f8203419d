import Foundation
import Synchronization

/// Something a test needs that the repository does not hold: a program, a Python module, or a
/// corpus read in place. Where it is missing, the test is skipped with a line that says what is
/// missing and how to get it, except under `CI=true`, where its absence fails the test.
///
/// Each test target turns one into a condition trait (`.requires(_:)`); whether it is present is
/// found out once, the first time a test asks.
public final class Prerequisite: Sendable {
    /// What is wrong when it is missing, for example "cmark-gfm is not installed".
    public let absence: String
    /// How to get it, for example "`make test` installs it".
    public let remedy: String
    private let probe: @Sendable () -> Bool
    /// Whether it was found, once probed.
    private let presence = Mutex<Bool?>(nil)

    /// A prerequisite that `probe` finds present; `absence` and `remedy` explain a missing one.
    public init(absence: String, remedy: String, probe: @escaping @Sendable () -> Bool) {
        self.absence = absence
        self.remedy = remedy
        self.probe = probe
    }

    /// Whether it is there (probed once).
    public var isPresent: Bool {
        presence.withLock { presence in
            if let presence { return presence }
            let found = probe()
            presence = found
            return found
        }
    }

    /// The line that a test skipped for the want of it prints.
    public var skipMessage: String {
        "\(absence); \(remedy) (under CI=true this is a failure)"
    }

    /// Whether a test that needs it runs: true when it is present, false (the test is skipped) when
    /// it is missing. Under `CI=true` a missing prerequisite throws instead, which fails the test.
    public func allowsRun() throws(MissingPrerequisite) -> Bool {
        if isPresent { return true }
        if Self.runningInCI { throw MissingPrerequisite(prerequisite: self) }
        return false
    }

    /// Whether the tests run in continuous integration (`CI=true`), where everything must be there.
    public static var runningInCI: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }
}

/// A prerequisite missing where tests must not be skipped (`CI=true`).
public struct MissingPrerequisite: Error, CustomStringConvertible {
    /// The missing prerequisite.
    public let prerequisite: Prerequisite

    /// What is missing, how to get it, and why that fails the test.
    public var description: String {
        "\(prerequisite.absence); \(prerequisite.remedy). Under CI=true a missing prerequisite fails the test."
    }
}

extension Prerequisite {
    private static let installRemedy = "`make test` installs the test tools"
    private static let cache = PrerequisiteCache()

    /// A program on the `PATH` (see ``programPath(_:)``).
    public static func program(_ name: String) -> Prerequisite {
        cache.prerequisite("program \(name)") {
            Prerequisite(absence: "\(name) is not installed", remedy: installRemedy) { programPath(name) != nil }
        }
    }

    /// One of several programs that do the same job (`patch` or `git apply`).
    public static func anyProgram(_ names: [String]) -> Prerequisite {
        cache.prerequisite("programs \(names)") {
            Prerequisite(absence: "none of \(names.joined(separator: ", ")) is installed", remedy: installRemedy) {
                names.contains { programPath($0) != nil }
            }
        }
    }

    /// `python3`, with nothing beyond its standard library.
    public static var python: Prerequisite {
        cache.prerequisite("python3") {
            Prerequisite(absence: "python3 is not installed", remedy: installRemedy) { pythonRuns("import sys") }
        }
    }

    /// A Python module that `python3` imports, from the PyPI package `package`.
    public static func pythonModule(_ module: String, package: String) -> Prerequisite {
        cache.prerequisite("python module \(module)") {
            Prerequisite(absence: "python3 cannot import \(module) (PyPI package \(package))", remedy: installRemedy) {
                pythonHasModule(module)
            }
        }
    }

    /// PyPI's PyYAML: a YAML 1.1 reader, in Python and (``pyYAMLWithLibyaml``) over libyaml.
    public static var pyYAML: Prerequisite { pythonModule("yaml", package: "pyyaml") }

    /// PyYAML built with libyaml (`yaml.CSafeLoader`), as PyPI's wheels are.
    public static var pyYAMLWithLibyaml: Prerequisite {
        cache.prerequisite("PyYAML with libyaml") {
            Prerequisite(absence: "python3's PyYAML is built without libyaml (no yaml.CSafeLoader)", remedy: installRemedy) {
                pythonRuns("import yaml; yaml.CSafeLoader")
            }
        }
    }

    /// PyPI's ruamel.yaml: a YAML 1.2 reader.
    public static var ruamelYAML: Prerequisite { pythonModule("ruamel.yaml", package: "ruamel.yaml") }

    /// The two Markdown renderers that judge exports: markdown-it-py with mdit-py-plugins' task
    /// lists, and cmark-gfm.
    public static var markdownRenderers: Prerequisite {
        cache.prerequisite("Markdown renderers") {
            let parts = [
                pythonModule("markdown_it", package: "markdown-it-py"),
                pythonModule("mdit_py_plugins", package: "mdit-py-plugins"), program("cmark-gfm"),
            ]
            return Prerequisite(
                absence: "python3 cannot import markdown_it or mdit_py_plugins, or cmark-gfm is not installed",
                remedy: installRemedy
            ) { parts.allSatisfy(\.isPresent) }
        }
    }

    /// A headless Chromium: Debian's `chromium` (or `chromium-browser`, `google-chrome`), the
    /// browser that prints and photographs the HTML export.
    public static var chromium: Prerequisite {
        cache.prerequisite("chromium") {
            Prerequisite(absence: "chromium is not installed", remedy: installRemedy) { chromiumPath != nil }
        }
    }

    /// The Chromium to run: the first of `chromium`, `chromium-browser` and `google-chrome` on the
    /// `PATH`.
    public static var chromiumPath: String? {
        ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap(programPath).first
    }

    /// Headless Chromium driven through Selenium: ``chromium``, Debian's `chromedriver` (package
    /// chromium-driver, made for that Chromium) and PyPI's selenium. The one way the tests open
    /// shop's pages in a browser (Tests/ShopCLITests/Fixtures/html/browser.py).
    public static var browser: Prerequisite {
        cache.prerequisite("browser") {
            let parts = [chromium, program("chromedriver"), pythonModule("selenium", package: "selenium")]
            return Prerequisite(
                absence: "chromium, chromedriver (Debian's chromium-driver) or python3's selenium is missing",
                remedy: installRemedy
            ) { parts.allSatisfy(\.isPresent) }
        }
    }

    /// The chromedriver to run: the first on the `PATH`.
    public static var chromedriverPath: String? { programPath("chromedriver") }

    /// poppler-utils' `pdfinfo`, `pdftotext`, `pdftohtml` and `pdftoppm`, which read the PDFs
    /// Chromium prints.
    public static var poppler: Prerequisite {
        cache.prerequisite("poppler-utils") {
            let tools = ["pdfinfo", "pdftotext", "pdftohtml", "pdftoppm"]
            return Prerequisite(
                absence: "poppler-utils (\(tools.joined(separator: ", "))) is not installed", remedy: installRemedy
            ) { tools.allSatisfy { programPath($0) != nil } }
        }
    }

    /// The YAML test suite, read in place (see ``TestCorpus``).
    public static var yamlTestSuite: Prerequisite { corpus(TestCorpus.yamlTestSuite, "the YAML test suite") }

    /// Real-world YAML files, read in place (see ``TestCorpus``).
    public static var realWorldCorpus: Prerequisite { corpus(TestCorpus.realWorld, "the real-world YAML corpus") }

    private static func corpus(_ folder: URL, _ name: String) -> Prerequisite {
        cache.prerequisite("corpus \(folder.path)") {
            Prerequisite(
                absence: "\(name) is not at \(folder.path)",
                remedy: "set \(TestCorpus.environmentVariable) to the folder that holds "
                    + "\(TestCorpus.yamlTestSuiteFolder)/ and \(TestCorpus.realWorldFolder)/"
            ) {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        }
    }
}

/// One ``Prerequisite`` per thing needed, so that each is probed once however many tests need it.
private final class PrerequisiteCache: Sendable {
    private let made = Mutex<[String: Prerequisite]>([:])

    /// The prerequisite made for `key`, made now when there is none. `make` runs without the lock
    /// held, since it may ask for other prerequisites; when two threads make one at once, the
    /// first one stored wins.
    func prerequisite(_ key: String, make: () -> Prerequisite) -> Prerequisite {
        if let existing = made.withLock({ $0[key] }) { return existing }
        let new = make()
        return made.withLock { made in
            if let existing = made[key] { return existing }
            made[key] = new
            return new
        }
    }
}

/// Whether the tests run under continuous integration (`CI=true`), where a missing tool or corpus
/// is a failure instead of a skipped check.
public var isContinuousIntegration: Bool { Prerequisite.runningInCI }

/// The full path of `program` in the first folder of the `PATH` that has it, else in the system
/// folders that a user's `PATH` often leaves out (`/usr/sbin`, `/sbin`: `makewhatis` lives there);
/// nil when none has it.
public func programPath(_ program: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let folders = path.split(separator: ":").map(String.init) + ["/usr/local/sbin", "/usr/sbin", "/sbin"]
    return folders.lazy.map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}
