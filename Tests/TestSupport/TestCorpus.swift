import Foundation

/// Test data kept outside the repository and read in place: the folder named by
/// `SHOP_TEST_CORPUS`, else `../shared/corpus` next to the repository. It holds the YAML test
/// suite (`yaml-test-suite/`) and real-world YAML files (`realworld-yaml/`). Tests that read it
/// require ``Prerequisite/yamlTestSuite`` or ``Prerequisite/realWorldCorpus``.
public enum TestCorpus {
    /// The environment variable that names the corpus folder.
    public static let environmentVariable = "SHOP_TEST_CORPUS"
    /// The YAML test suite's folder inside the corpus.
    public static let yamlTestSuiteFolder = "yaml-test-suite"
    /// The real-world files' folder inside the corpus.
    public static let realWorldFolder = "realworld-yaml"

    /// The repository root: two levels above `Tests/TestSupport`.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus folder: `SHOP_TEST_CORPUS` (relative to the current folder when relative), else
    /// `../shared/corpus` relative to the repository.
    public static var root: URL {
        if let named = ProcessInfo.processInfo.environment[environmentVariable], !named.isEmpty {
            return URL(fileURLWithPath: named).standardizedFileURL
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// The YAML test suite: one folder per case with `in.yaml`, `in.json` and, for invalid YAML, `error`.
    public static var yamlTestSuite: URL { root.appendingPathComponent(yamlTestSuiteFolder) }

    /// Real-world YAML files, with their sources and licenses in `SOURCES.tsv`.
    public static var realWorld: URL { root.appendingPathComponent(realWorldFolder) }
}
