import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test run a recording belongs to: one `swift test`, however many test processes it starts (the
/// XCTest and Swift Testing passes, `--parallel` workers). They are all children of the same
/// `swift test` process, so a run is named by that parent: its process id and, where `/proc` tells it,
/// its start time (so that a process id used again later names another run). `CONTRACTCHECK_RUN` names
/// the run instead, for test processes started some other way (an IDE, a script that runs the test
/// bundle several times).
package struct RecordingRun: Sendable, Hashable, CustomStringConvertible {
    /// The run's name, as recording file names carry it: letters, digits and dots.
    package let id: String

    /// A run named `id`; other characters than letters, digits and dots are dropped (file names carry it
    /// between hyphens). `nil` when nothing is left.
    package init?(id: String) {
        let kept = String(String.UnicodeScalarView(id.unicodeScalars.filter(Self.isAllowed)))
        guard !kept.isEmpty else { return nil }
        self.id = kept
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "."
    }

    /// The run's name.
    package var description: String { id }

    /// This process's run (see the type's description).
    package static let current = RecordingRun.named(
        environment: ProcessInfo.processInfo.environment, parent: getppid(),
        parentStat: try? String(contentsOfFile: "/proc/\(getppid())/stat", encoding: .utf8))

    /// The run named by `CONTRACTCHECK_RUN` in `environment`, else by the parent process `parent`, with its
    /// start time when `parentStat` (its `/proc/<pid>/stat` line) is given.
    static func named(environment: [String: String], parent: Int32, parentStat: String?) -> RecordingRun {
        if let named = environment["CONTRACTCHECK_RUN"].flatMap(RecordingRun.init(id:)) { return named }
        let started = parentStat.flatMap(startTime).map { ".\($0)" } ?? ""
        return RecordingRun(id: "p\(parent)\(started)") ?? RecordingRun(unchecked: "p\(parent)")
    }

    private init(unchecked id: String) {
        self.id = id
    }

    /// Field 22 of a `/proc/<pid>/stat` line: when the process started, in clock ticks since boot. The
    /// fields are counted after the command name's closing parenthesis, as the name may hold spaces.
    private static func startTime(_ stat: String) -> String? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // `fields[0]` is field 3 (the state).
        guard fields.count > 19, fields[19].allSatisfy(\.isNumber) else { return nil }
        return String(fields[19])
    }
}
