/// A suite's `<system-out>` as paragraphs separated by a blank line: a contract's lint diagnostics, each
/// traffic warning with where it was recorded. Merging shards keeps each paragraph once, so the lint
/// result every shard reports appears once.
package enum SystemOut {
    /// The paragraphs as one text.
    package static func joined(_ paragraphs: [String]) -> String {
        paragraphs.filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// `first` followed by the paragraphs of `second` it does not have yet.
    static func merged(_ first: String, _ second: String) -> String {
        let known = paragraphs(first)
        return joined(known + paragraphs(second).filter { !known.contains($0) })
    }

    private static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n")
    }
}
