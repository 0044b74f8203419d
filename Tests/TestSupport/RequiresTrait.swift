import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test (or suite) where `prerequisite` is present. Where it is missing the test is
    /// skipped with a line that says so, except under `CI=true`, where its absence fails the test.
    public static func requires(_ prerequisite: Prerequisite) -> Self {
        .enabled(Comment(rawValue: prerequisite.skipMessage)) { try prerequisite.allowsRun() }
    }
}
