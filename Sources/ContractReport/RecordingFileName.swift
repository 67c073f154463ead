import Foundation

/// A recording file's name, `recording-<run>-<opened>-<pid>-<random>.jsonl`: the run it belongs to, when
/// its process opened it (milliseconds since 1970), that process's id and a random part. Files named
/// `recording-<pid>-<random>.jsonl` carry no run.
struct RecordingFileName {
    static let prefix = "recording-"
    static let suffix = ".jsonl"

    /// The run, or `nil` for a name without one.
    var run: RecordingRun?
    /// When its process opened it, in milliseconds since 1970; `nil` without a run.
    var opened: Int64?

    /// A new file's name.
    static func make(run: RecordingRun, opened: Date, process: Int32) -> String {
        let milliseconds = Int64((opened.timeIntervalSince1970 * 1000).rounded(.down))
        let random = UUID().uuidString.prefix(8)
        return "\(prefix)\(run.id)-\(milliseconds)-\(process)-\(random)\(suffix)"
    }

    /// The parts of `name`; `nil` when it is not a recording's name.
    init?(_ name: String) {
        guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return nil }
        let parts = name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count).split(
            separator: "-", omittingEmptySubsequences: false)
        switch parts.count {
        case 2:
            run = nil
            opened = nil
        case 4:
            guard let run = RecordingRun(id: String(parts[0])), run.id == parts[0], let opened = Int64(parts[1]) else {
                return nil
            }
            self.run = run
            self.opened = opened
        default:
            return nil
        }
    }
}
