import ContractInterception
import ContractSpec
import ContractVerify
import Foundation

/// One contract the mock server answers for: its fake backend, replaced when the contract's files change
/// and the edit loads; a broken edit keeps the last good backend.
final class MockedContract: Sendable {
    /// The root file, as given.
    let url: URL
    let options: VerifierOptions
    let recording: ExchangeRecording
    private let current: Locked<Loaded>

    /// The backend and what it was loaded from.
    struct Loaded: Sendable {
        var backend: ContractBackend
        /// The contract's files, with their modification times when loaded.
        var fileTimes: [URL: Date?]
    }

    /// Loads the contract at `url`.
    /// - Throws: `ContractLoadError` when it does not load or has errors.
    init(url: URL, options: VerifierOptions, recording: ExchangeRecording) throws(ContractLoadError) {
        self.url = url
        self.options = options
        self.recording = recording
        current = Locked(try Self.load(url, options: options, recording: recording))
    }

    /// The backend answering now.
    var backend: ContractBackend { current.withLock { $0.backend } }

    /// Loads the contract again when one of its files changed since the last load (or the last attempt).
    /// Returns `nil` when nothing changed, else the new load's result; after a failure the last good
    /// backend stays. The backend's stubs do not carry over to a reloaded contract.
    func reloadIfChanged() -> Result<Void, ContractLoadError>? {
        let known = current.withLock { $0.fileTimes }
        guard known.contains(where: { Self.modificationTime($0.key) != $0.value }) else { return nil }
        do {
            let loaded = try Self.load(url, options: options, recording: recording)
            current.withLock { $0 = loaded }
            return .success(())
        } catch {
            // Remember the broken files' times, so the same edit is reported once.
            current.withLock { loaded in
                for file in loaded.fileTimes.keys { loaded.fileTimes[file] = Self.modificationTime(file) }
            }
            return .failure(error)
        }
    }

    private static func load(
        _ url: URL, options: VerifierOptions, recording: ExchangeRecording
    ) throws(ContractLoadError) -> Loaded {
        let times: [URL: Date?] = [url: modificationTime(url)]
        let result = ContractLoader(nullable: options.nullable).load(url, checks: .schemas)
        let errors = result.diagnostics.filter { $0.severity == .error }
        guard let document = result.document, errors.isEmpty else {
            throw ContractLoadError(path: url.path, diagnostics: errors)
        }
        var served = options
        served.baseURLs += MountPaths.basePaths(of: document)
        let backend = ContractBackend(
            verifier: ContractVerifier(document: document, options: served), recording: recording)
        var fileTimes = times
        for file in document.files { fileTimes[file.url] = modificationTime(file.url) }
        return Loaded(backend: backend, fileTimes: fileTimes)
    }

    /// When the file was last modified; `nil` when it cannot be read.
    static func modificationTime(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
