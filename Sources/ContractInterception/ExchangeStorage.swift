import ContractVerify
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fields of a `RecordedExchange` (documented there).
/// Unchecked Sendable: written only through `uniqueStorage()`, when no other exchange shares it (never while shared).
final class ExchangeStorage: @unchecked Sendable {
    /// The fields, as `RecordedExchange` had them stored.
    struct Fields {
        var request: HTTPRequest
        var operation: OperationReference?
        var response: HTTPResponse?
        var failure: URLError.Code?
        var source: RecordedExchange.Source
        var requestViolations: [ContractViolation]
        var stubViolations: [ContractViolation]
        var receivedAt: Date
        var scheduledDelay: Duration
        var wasCancelled: Bool
        var operationKey: String?
        var number: Int
        var serverViolations: [ContractViolation] = []
        var serverURL: String?
    }

    var fields: Fields

    init(_ fields: Fields) {
        self.fields = fields
    }

    /// A storage of its own for an exchange about to change.
    func copy() -> ExchangeStorage {
        ExchangeStorage(fields)
    }
}
