import ContractReport
import ContractVerify
import Foundation

/// Where fake backends write the exchanges they answer, so that `contract-check` can verify a test
/// run's traffic afterwards (`contract-check verify`, or the default run, which reads the folder).
public enum ExchangeRecording: Sendable, Hashable {
    /// Nothing is written (for tests that break the contract on purpose).
    case off
    /// Each exchange is appended, as one JSON line, to a file of this process in this folder.
    case directory(URL)

    private static let configured = Locked<ExchangeRecording?>(nil)

    /// What a backend uses unless told otherwise. Set it in code to change it for the whole process;
    /// otherwise the environment decides: `CONTRACTCHECK_RECORDINGS` names a folder (or is `off`), and
    /// without it `swift test` in a package (a `Package.swift` in the working directory) records to
    /// `.build/contract-check/recordings`, where the default `contract-check` run looks. Elsewhere (an
    /// app's test bundle whose working directory is a simulator's root) nothing is recorded by default,
    /// rather than failing every test on a folder it cannot write.
    public static var processDefault: ExchangeRecording {
        get { configured.withLock { $0 } ?? fromEnvironment() }
        set { configured.withLock { $0 = newValue } }
    }

    static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) -> ExchangeRecording {
        switch Recording.environmentSetting(environment) {
        case .off?: return .off
        case .directory(let folder)?: return .directory(folder)
        case nil: break
        }
        let package = URL(fileURLWithPath: workingDirectory, isDirectory: true)
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            return .off
        }
        return .directory(package.appendingPathComponent(".build/contract-check/recordings", isDirectory: true))
    }
}
