/// A three-way merge of texts line by line, with the result `git merge-file` gives (its default
/// level and style): the same merged text, the same conflicts, the same markers.
///
/// Each side is diffed against the base (`LineDiff`). A change made by one side only is taken;
/// the same change made by both is taken once; changes of the two sides that overlap or touch
/// are a conflict, narrowed to the lines where the sides differ and joined with conflicts close
/// by (see `MergeRegions`). When one side did not change the base at all, the result is the
/// other side, byte for byte.
public enum LineMerge {
    /// The labels written after the conflict markers: `<<<<<<< ours` and `>>>>>>> theirs`. A nil
    /// label leaves the marker bare. The base label is not written in this style; it is kept for
    /// callers that pass all three, as git's `-L` does.
    public struct Labels: Sendable, Equatable {
        /// After `<<<<<<<`.
        public var ours: String?
        /// The base version's label.
        public var base: String?
        /// After `>>>>>>>`.
        public var theirs: String?

        /// Labels for the three versions.
        public init(ours: String?, base: String?, theirs: String?) {
            self.ours = ours
            self.base = base
            self.theirs = theirs
        }

        /// `ours`, `base` and `theirs`.
        public static let standard = Labels(ours: "ours", base: "base", theirs: "theirs")
    }

    /// The merged text and how many conflicts it has (0 for a clean merge).
    public struct Result: Sendable, Equatable {
        /// The merged text, with conflict markers around each conflict.
        public var merged: [UInt8]
        /// The number of conflicts written.
        public var conflicts: Int
    }

    /// The marker size git uses when none is given.
    public static let defaultMarkerSize = 7

    /// Merges the changes from `base` to `ours` and from `base` to `theirs`. Markers are
    /// `markerSize` characters long; a size below 1 means the default, 7 (as git takes it). The
    /// size is used as given, so a caller that reads it from a user bounds it first.
    public static func merge(
        base: [UInt8], ours: [UInt8], theirs: [UInt8], labels: Labels = .standard,
        markerSize: Int = defaultMarkerSize
    ) -> Result {
        let baseLines = TextLines(base)
        let oursLines = TextLines(ours)
        let theirsLines = TextLines(theirs)
        let oursChanges = LineDiff.changes(from: baseLines, to: oursLines)
        guard !oursChanges.isEmpty else { return Result(merged: theirs, conflicts: 0) }
        let theirsChanges = LineDiff.changes(from: baseLines, to: theirsLines)
        guard !theirsChanges.isEmpty else { return Result(merged: ours, conflicts: 0) }
        let regions = MergeRegions(
            base: baseLines, ours: oursLines, theirs: theirsLines, oursChanges: oursChanges,
            theirsChanges: theirsChanges)
        let writer = ConflictWriter(
            base: baseLines, ours: oursLines, theirs: theirsLines, labels: labels,
            markerSize: markerSize < 1 ? defaultMarkerSize : markerSize)
        return Result(merged: writer.write(regions.regions), conflicts: regions.conflictCount)
    }
}
