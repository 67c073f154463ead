import Foundation
import Testing

extension Corpus {
    /// The environment variable that turns a missing corpus from a skip into a failure: set to `1`, a test
    /// that needs a corpus fails when it is not there. CI sets it, so that it never passes without them.
    public static let requiredVariable = "CONTRACTCHECK_REQUIRE_CORPORA"

    /// Whether the run must have every corpus (`CONTRACTCHECK_REQUIRE_CORPORA=1`).
    public static var isRequired: Bool { ProcessInfo.processInfo.environment[requiredVariable] == "1" }

    /// The fixtures of the validator benchmark, `bench` beside the corpora folder.
    public static var benchFolder: URL { root.deletingLastPathComponent().appendingPathComponent("bench") }

    /// A corpus folder that is not there although the run requires every corpus.
    public struct Missing: Error, CustomStringConvertible {
        /// The folder looked for.
        public let folder: URL

        public var description: String {
            "\(folder.path) is missing and \(Corpus.requiredVariable)=1 requires it"
        }
    }

    /// Whether `folder` is there: `true` when it is, `false` when it is not, and `Missing` thrown when it is
    /// not although the run requires every corpus.
    public static func isPresent(_ folder: URL) throws -> Bool {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return true
        }
        if isRequired { throw Missing(folder: folder) }
        return false
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test or suite only when the corpus `name` (a folder of `Corpus.root`) is there; without it
    /// the test is skipped with the reason, or fails when `CONTRACTCHECK_REQUIRE_CORPORA=1`.
    public static func corpus(_ name: String) -> Self {
        folder(Corpus.root.appendingPathComponent(name))
    }

    /// Runs the test or suite only when `folder` is there, as `corpus(_:)` does.
    public static func folder(_ folder: URL) -> Self {
        .enabled("needs \(folder.path), not found (the shared corpora; CONTRACTCHECK_CORPORA names another folder)") {
            try Corpus.isPresent(folder)
        }
    }
}
