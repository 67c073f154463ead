import ContractReport
import ContractSpec
import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A fake backend that speaks a contract: every request a `URLSession` sends to it is routed to its
/// operation and verified, answered with a response the contract documents (synthesized, or as a stub
/// says), and recorded with its violations.
///
/// ```swift
/// let backend = try ContractBackend(contract: URL(fileURLWithPath: "contracts/clinic.yaml"))
/// backend.stub("getPet", .status(404))
/// let client = ClinicClient(session: backend.session)   // or URLSession(configuration: backend.makeConfiguration())
/// _ = try await client.pet(id: petId)
/// #expect(backend.violations.isEmpty)
/// #expect(backend.exchanges(for: "getPet").count == 1)
/// ```
///
/// Each backend has a `URLProtocol` class of its own, so sessions made from different backends never
/// see each other's stubs or exchanges, even in tests that run in parallel.
public final class ContractBackend: Sendable {
    /// The verifier (and through it, the contract).
    public var verifier: ContractVerifier { contract.verifier }
    /// The contract.
    public var document: Spec.Document { contract.verifier.document }
    /// The `URLProtocol` class that answers for this backend: put it first in a configuration's
    /// `protocolClasses` (`makeConfiguration` does).
    public let protocolClass: AnyClass

    /// Where the backend writes the exchanges it answers, for `contract-check` to verify after the tests.
    public let recording: ExchangeRecording
    /// Whether the backend answers from the contract or forwards to the real server.
    public let mode: BackendMode
    /// Which requests the backend takes.
    public let scope: InterceptionScope
    /// The session forwarded requests go through, for a forwarding mode.
    let forwarder: ForwardingSession?
    let contract: LoadedContract
    let slot: Int
    let state = Locked(BackendState())
    /// This process's recording file for `recording`, found on the first exchange (see `persist`).
    let recordingFile = Locked<Result<RecordingWriter, RecordingUnavailable>?>(nil)
    private let sessionStore = Locked<URLSession?>(nil)

    /// A backend for the contract at `url` (loaded once per file, shared by every backend and option set
    /// while any backend uses it).
    /// - Parameters:
    ///   - options: how requests and responses are verified.
    ///   - recording: where exchanges are recorded; `.off` for a test that breaks the contract on
    ///     purpose, so the traffic `contract-check` verifies after the tests stays the real clients'.
    ///   - mode: `.fake` (the default) answers from the contract; `.passThrough(to:)` and `.observe()`
    ///     forward to the real server and verify its responses too.
    ///   - scope: which requests the backend takes (`.everything` by default); the others go to the
    ///     network, or fail.
    /// - Throws: `ContractLoadError` when the contract does not load or has errors.
    public convenience init(
        contract url: URL, options: VerifierOptions = VerifierOptions(),
        recording: ExchangeRecording = .processDefault, mode: BackendMode = .fake,
        intercepting scope: InterceptionScope = .everything
    ) throws(ContractLoadError) {
        self.init(
            loaded: try ContractLibrary.contract(at: url, options: options), recording: recording, mode: mode,
            scope: scope)
    }

    /// A backend for a verifier made elsewhere; the other parameters as for `init(contract:)`.
    public convenience init(
        verifier: ContractVerifier, recording: ExchangeRecording = .processDefault, mode: BackendMode = .fake,
        intercepting scope: InterceptionScope = .everything
    ) {
        self.init(loaded: LoadedContract(verifier: verifier), recording: recording, mode: mode, scope: scope)
    }

    init(
        loaded: LoadedContract, recording: ExchangeRecording, mode: BackendMode = .fake,
        scope: InterceptionScope = .everything
    ) {
        contract = loaded
        self.recording = recording
        self.mode = mode
        self.scope = scope
        forwarder = mode.forwards ? ForwardingSession(upstream: mode.upstream) : nil
        slot = BackendRegistry.shared.reserveSlot()
        protocolClass = SlotTypes.protocolClass(for: slot)
        BackendRegistry.shared.register(self, slot: slot)
    }

    deinit {
        BackendRegistry.shared.unregister(slot: slot)
        ContractLibrary.holdBriefly(contract)
        // The last reference may go on the session's own queue (inside `startLoading`), where invalidating
        // synchronously would wait on itself.
        if let session = sessionStore.withLock({ $0 }) {
            DispatchQueue.global().async { session.invalidateAndCancel() }
        }
        forwarder?.invalidate()
    }

    /// A configuration whose sessions are answered by this backend: `base` (ephemeral by default, so no
    /// cookies leak between tests) with this backend's class first in `protocolClasses` and no `URLCache`,
    /// so every request reaches the backend (and none pays for a cache lookup).
    public func makeConfiguration(base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        let configuration = base
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.protocolClasses = [protocolClass] + (configuration.protocolClasses ?? [])
        return configuration
    }

    /// A ready session answered by this backend (made once, invalidated with the backend).
    public var session: URLSession {
        sessionStore.withLock { store in
            if let session = store { return session }
            let session = URLSession(configuration: makeConfiguration())
            store = session
            return session
        }
    }

    /// Answers `operation` (an `operationId` or `"GET /pets/{petId}"`) with `scenario` from now on.
    /// An unknown name is recorded as a problem (see `problems`), which the test integrations report.
    public func stub(_ operation: String, _ scenario: Scenario) {
        let key = contract.operationKey(named: operation)
        let index = key.flatMap { contract.indexesByKey[$0] }
        state.withLock { state in
            guard let key, let index else {
                state.problems.append(
                    BackendProblem(
                        message: "stub for \"\(operation)\": the contract has no operation of that name "
                            + "(use an operationId or \"GET /path/{template}\")"))
                return
            }
            state.scenarios[key] = scenario
            if index < state.calls.count { state.calls[index] = 0 }
        }
    }

    /// Answers every operation without a stub of its own with `scenario` (a delay for all, say).
    public func stubAll(_ scenario: Scenario) {
        state.withLock { $0.fallback = scenario }
    }

    /// Forgets the stubs, call counts, exchanges and problems.
    public func reset() {
        state.withLock { state in
            let recorded = state.recorded
            state = BackendState()
            // Numbering goes on, so a load cancelled after the reset cannot mark a newer exchange.
            state.recorded = recorded
        }
    }

    /// Every exchange so far, in the order requests arrived.
    public var exchanges: [RecordedExchange] {
        state.withLock { $0.exchanges }
    }

    /// The exchanges routed to `operation` (an `operationId` or `"GET /pets/{petId}"`). An unknown name
    /// is recorded as a problem: a misspelt name would otherwise make `isEmpty` assertions pass.
    public func exchanges(for operation: String) -> [RecordedExchange] {
        guard let key = contract.operationKey(named: operation) else {
            recordProblem(
                "exchanges(for: \"\(operation)\"): the contract has no operation of that name "
                    + "(use an operationId or \"GET /path/{template}\")")
            return []
        }
        return exchanges.filter { $0.operationKey == key }
    }

    /// Every violation so far: requests that broke the contract, then responses from stubs that did.
    public var violations: [ContractViolation] {
        exchanges.flatMap(\.violations)
    }

    /// Records a problem for the test integrations to report.
    func recordProblem(_ message: String) {
        state.withLock { $0.problems.append(BackendProblem(message: message)) }
    }

    /// Mistakes in the test's use of the backend (stubs for unknown operations, unknown examples).
    public var problems: [BackendProblem] {
        state.withLock { $0.problems }
    }
}
