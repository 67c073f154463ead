import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request the fake backend answered, as a test can inspect it afterwards.
public struct RecordedExchange: Sendable {
    /// Where the answer came from.
    public enum Source: Sendable, Hashable {
        /// Synthesized from the contract (its examples or schemas).
        case synthesized
        /// A canned response from a stub.
        case canned
        /// A response built by a stub's closure.
        case closure
        /// A transport error from a stub.
        case failure
        /// The answer to a request that broke the contract (documented 4xx, or a problem+json 422).
        case invalidRequest
        /// The answer to a request no operation matches (404 or 405).
        case unmatched
        /// The real server's response, forwarded by a pass-through or observing backend.
        case forwarded
        /// A response of the real server's that a pass-through backend's cache answered again.
        case cached
    }

    /// The fields, in one object shared by copies until one of them changes: the log and every list handed
    /// to a test hold a copy, which retains one reference this way instead of each field (and the log's
    /// array moves a pointer per exchange when it grows).
    private var storage: ExchangeStorage

    /// The request as the backend saw it (`body` is `.unavailable` where the platform hides it).
    public var request: HTTPRequest {
        get { storage.fields.request }
        set { uniqueStorage().fields.request = newValue }
    }
    /// The operation it was routed to.
    public var operation: OperationReference? {
        get { storage.fields.operation }
        set { uniqueStorage().fields.operation = newValue }
    }
    /// The response sent, or `nil` when a transport error was sent instead.
    public var response: HTTPResponse? {
        get { storage.fields.response }
        set { uniqueStorage().fields.response = newValue }
    }
    /// The transport error sent instead of a response.
    public var failure: URLError.Code? {
        get { storage.fields.failure }
        set { uniqueStorage().fields.failure = newValue }
    }
    /// Where the answer came from.
    public var source: Source {
        get { storage.fields.source }
        set { uniqueStorage().fields.source = newValue }
    }
    /// What the request broke.
    public var requestViolations: [ContractViolation] {
        get { storage.fields.requestViolations }
        set { uniqueStorage().fields.requestViolations = newValue }
    }
    /// What the backend's own response broke: a canned or closure response (or a contract example) that
    /// the contract does not allow.
    public var stubViolations: [ContractViolation] {
        get { storage.fields.stubViolations }
        set { uniqueStorage().fields.stubViolations = newValue }
    }
    /// What the real server's response broke, for a forwarded exchange.
    public var serverViolations: [ContractViolation] {
        get { storage.fields.serverViolations }
        set { uniqueStorage().fields.serverViolations = newValue }
    }
    /// The URL the request was forwarded to (the server's, not the client's), for a forwarded exchange.
    public var serverURL: String? {
        get { storage.fields.serverURL }
        set { uniqueStorage().fields.serverURL = newValue }
    }
    /// When the backend received the request.
    public var receivedAt: Date {
        get { storage.fields.receivedAt }
        set { uniqueStorage().fields.receivedAt = newValue }
    }
    /// The delay and transfer time the scenario asked for.
    public var scheduledDelay: Duration {
        get { storage.fields.scheduledDelay }
        set { uniqueStorage().fields.scheduledDelay = newValue }
    }
    /// Whether the client cancelled before the answer was complete.
    public var wasCancelled: Bool {
        get { storage.fields.wasCancelled }
        set { uniqueStorage().fields.wasCancelled = newValue }
    }
    /// The operation's scenario key (`GET /pets/{petId}` as written in the contract).
    var operationKey: String? {
        get { storage.fields.operationKey }
        set { uniqueStorage().fields.operationKey = newValue }
    }
    /// The backend's count of exchanges when this one was recorded (1 for the first).
    var number: Int {
        get { storage.fields.number }
        set { uniqueStorage().fields.number = newValue }
    }

    /// An exchange with `fields` (named and documented as the properties above).
    init(_ fields: ExchangeStorage.Fields) {
        storage = ExchangeStorage(fields)
    }

    /// The storage, copied first when another exchange shares it.
    private mutating func uniqueStorage() -> ExchangeStorage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// Every violation of the exchange, request first, then the stub's or the server's response.
    public var violations: [ContractViolation] { requestViolations + stubViolations + serverViolations }
}
