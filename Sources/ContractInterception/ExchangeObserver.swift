import ContractVerify
import Foundation
import Logging

/// One exchange an observing backend forwarded, as its observer receives it.
public struct ObservedExchange: Sendable {
    /// The exchange as recorded: request, response or transport error, violations.
    public var exchange: RecordedExchange
    /// From the request's arrival to the response's end.
    public var duration: Duration
    /// The exchange in one line: method, URL, status, duration and violations, secrets redacted
    /// (`ObservationLine`).
    public var line: String
    /// The contract's verifier, which knows the secret names and the operation's secret members.
    let verifier: ContractVerifier

    /// The request body as logs show it: a JSON or form body with the values of secrets replaced by
    /// `<redacted>`, then cut to its first 1 KiB; any other body as its size and type
    /// (`<2048 bytes of image/png>`). A secret is a member or field whose name is a secret header's or
    /// query parameter's, or contains `key`, `token`, `secret`, `password`, `auth`, `signature` or
    /// `session`, or whose schema in the operation says `writeOnly: true` or `format: password`.
    public var requestBodyExcerpt: String {
        let request = exchange.request
        return verifier.redactedExcerpt(
            of: request.body, contentType: request.headers["Content-Type"], operation: exchange.operation)
    }

    /// The response body as `requestBodyExcerpt` shows the request's; `nil` without a response.
    public var responseBodyExcerpt: String? {
        exchange.response.map { response in
            verifier.redactedExcerpt(
                of: response.body, contentType: response.headers["Content-Type"], operation: exchange.operation)
        }
    }
}

/// Where an observing backend (`BackendMode.observe`) reports each exchange.
public struct ExchangeObserver: Sendable {
    let report: @Sendable (ObservedExchange) -> Void

    /// An observer that hands each exchange to `report`. It runs on a URL loading thread: keep it short.
    public init(_ report: @escaping @Sendable (ObservedExchange) -> Void) {
        self.report = report
    }

    /// Logs one line per exchange to `logger`: `info` for a clean exchange, `warning` for one with
    /// violations.
    /// - Parameters:
    ///   - logger: the logger (label `ContractCheck` by default).
    ///   - includesBodies: adds the request and response bodies as metadata (`requestBody`, `responseBody`),
    ///     secrets redacted and cut to 1 KiB (`ObservedExchange.requestBodyExcerpt`).
    public static func logger(
        _ logger: Logger = Logger(label: "ContractCheck"), includesBodies: Bool = false
    ) -> ExchangeObserver {
        ExchangeObserver { observed in
            var metadata: Logger.Metadata = [:]
            if includesBodies {
                metadata["requestBody"] = .string(observed.requestBodyExcerpt)
                if let response = observed.responseBodyExcerpt {
                    metadata["responseBody"] = .string(response)
                }
            }
            let level: Logger.Level = observed.exchange.violations.isEmpty ? .info : .warning
            logger.log(level: level, "\(observed.line)", metadata: metadata)
        }
    }
}
