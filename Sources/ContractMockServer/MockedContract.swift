import ContractInterception
import ContractSpec
import ContractVerify
import Foundation

/// One contract the mock server answers for: its fake backend, replaced when the contract's files change
/// and the edit loads; a broken edit keeps the last good backend. Stubs set through the control API and
/// the exchanges served so far carry over to the reloaded contract.
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
        /// The stubs set through the control API, by the operation name given, applied again on reload.
        var stubs: [String: Scenario] = [:]
        /// The exchanges that earlier backends (before reloads) served, oldest first.
        var earlierExchanges: [RecordedExchange] = []
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

    /// Every exchange served, across reloads, in the order requests arrived.
    var exchanges: [RecordedExchange] {
        current.withLock { $0.earlierExchanges + $0.backend.exchanges }
    }

    /// Whether the contract has an operation of this name (an `operationId` or `"GET /pets/{petId}"`).
    func hasOperation(named operation: String) -> Bool {
        Self.document(backend.document, hasOperationNamed: operation)
    }

    /// Answers `operation` with `scenario` from now on, also after the contract is reloaded.
    func stub(_ operation: String, _ scenario: Scenario) {
        current.withLock { loaded in
            loaded.stubs[operation] = scenario
            loaded.backend.stub(operation, scenario)
        }
    }

    /// Forgets the stubs and exchanges (those of earlier loads too).
    func reset() {
        current.withLock { loaded in
            loaded.stubs = [:]
            loaded.earlierExchanges = []
            loaded.backend.reset()
        }
    }

    /// Loads the contract again when one of its files changed since the last load (or the last attempt).
    /// Returns `nil` when nothing changed, else the new load's result: on success, the stubs that were
    /// dropped because the new contract has no operation of their name. After a failure the last good
    /// backend stays.
    func reloadIfChanged() -> Result<[String], ContractLoadError>? {
        let known = current.withLock { $0.fileTimes }
        guard known.contains(where: { Self.modificationTime($0.key) != $0.value }) else { return nil }
        do {
            var loaded = try Self.load(url, options: options, recording: recording)
            // Swapped under the lock, so a stub set while the new contract loaded is not lost.
            let dropped = current.withLock { old in
                var dropped: [String] = []
                for (operation, scenario) in old.stubs {
                    if Self.document(loaded.backend.document, hasOperationNamed: operation) {
                        loaded.stubs[operation] = scenario
                        loaded.backend.stub(operation, scenario)
                    } else {
                        dropped.append(operation)
                    }
                }
                loaded.earlierExchanges = old.earlierExchanges + old.backend.exchanges
                old = loaded
                return dropped.sorted()
            }
            return .success(dropped)
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
        let errors = result.blockingErrors
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

    private static func document(_ document: Spec.Document, hasOperationNamed operation: String) -> Bool {
        if document.operation(id: operation) != nil { return true }
        let parts = operation.split(separator: " ", maxSplits: 1)
        return parts.count == 2 && document.operation(method: parts[0].uppercased(), path: String(parts[1])) != nil
    }

    /// When the file was last modified; `nil` when it cannot be read.
    static func modificationTime(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
