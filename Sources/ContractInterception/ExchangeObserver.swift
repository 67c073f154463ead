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
    ///   - includesBodies: adds the request and response bodies (their first 1 KiB each) as metadata.
    public static func logger(
        _ logger: Logger = Logger(label: "ContractCheck"), includesBodies: Bool = false
    ) -> ExchangeObserver {
        ExchangeObserver { observed in
            var metadata: Logger.Metadata = [:]
            if includesBodies {
                metadata["requestBody"] = .string(ObservationLine.excerpt(observed.exchange.request.body))
                if let response = observed.exchange.response {
                    metadata["responseBody"] = .string(ObservationLine.excerpt(response.body))
                }
            }
            let level: Logger.Level = observed.exchange.violations.isEmpty ? .info : .warning
            logger.log(level: level, "\(observed.line)", metadata: metadata)
        }
    }
}
