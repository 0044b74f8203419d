import YAML

/// The two rules that apply while a file is read: a file that breaks them is no document to check.
enum SyntaxRules {
    /// `syntax`: the file is not one well-formed YAML document.
    static let syntax = Rule(
        id: .syntax,
        summary: "The file is not one well-formed YAML document in UTF-8 without anchors, aliases, tags or directives.",
        check: nil)

    /// `merge-conflict`: a text merge left its conflict markers.
    static let mergeConflict = Rule(
        id: .mergeConflict,
        summary: "The file has conflict markers that a text merge left: lines of seven or more <, |, = or >.",
        check: nil)
}

extension Finding {
    /// The finding for one conflict a merge left: the whole conflict, with its other marker lines
    /// as related places. The message advises `shop git setup` unless `advisingGitSetup` is false:
    /// where shop already merges the list, the conflict is one both sides made, and setting git up
    /// again would change nothing.
    init(conflict: ConflictMarkers.Region, advisingGitSetup: Bool = true) {
        let advice = advisingGitSetup ? "; 'shop git setup' makes git merge lists item by item" : ""
        let message: FindingMessage
        if conflict.others.isEmpty && !conflict.opens {
            message = FindingMessage(
                "a merge conflict marker is left in the file; resolve the conflict and delete the line" + advice)
        } else {
            message = FindingMessage(parts: [
                .text("unresolved merge conflict ("), .lines(fromOffset: conflict.start, toOffset: conflict.others.last ?? conflict.start),
                .text("): keep the lines you want from each side and delete the marker lines" + advice),
            ])
        }
        self.init(
            rule: .mergeConflict, span: SourceSpan(start: conflict.start, end: conflict.end), message: message,
            related: conflict.others.map { RelatedPlace(span: SourceSpan(at: $0), message: "conflict marker") })
    }
}
