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
    }

    /// The request as the backend saw it (`body` is `.unavailable` where the platform hides it).
    public var request: HTTPRequest
    /// The operation it was routed to.
    public var operation: OperationReference?
    /// The response sent, or `nil` when a transport error was sent instead.
    public var response: HTTPResponse?
    /// The transport error sent instead of a response.
    public var failure: URLError.Code?
    /// Where the answer came from.
    public var source: Source
    /// What the request broke.
    public var requestViolations: [ContractViolation]
    /// What the backend's own response broke: a canned or closure response (or a contract example) that
    /// the contract does not allow.
    public var stubViolations: [ContractViolation]
    /// When the backend received the request.
    public var receivedAt: Date
    /// The delay and transfer time the scenario asked for.
    public var scheduledDelay: Duration
    /// Whether the client cancelled before the answer was complete.
    public var wasCancelled: Bool
    /// The operation's scenario key (`GET /pets/{petId}` as written in the contract).
    var operationKey: String?
    /// The backend's count of exchanges when this one was recorded (1 for the first).
    var number: Int
    /// The response ready for the client, when a cached synthesized answer has one.
    var wire: ResponseWire?

    /// Every violation of the exchange, request first.
    public var violations: [ContractViolation] { requestViolations + stubViolations }
}
