import Foundation
import Testing

/// Compares `actual` with a golden file (see ``goldenProblem(_:_:)``), recording what differs as
/// an issue of the calling test.
public func expectGolden(
    _ actual: [UInt8], _ golden: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    if let problem = goldenProblem(actual, golden) {
        Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
    }
}
