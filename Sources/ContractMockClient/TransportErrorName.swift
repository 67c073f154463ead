import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Transport errors by the names `URLError.Code` gives them in Swift (`cannotConnectToHost`): how a
/// recording writes a failed exchange, how a stub sent over HTTP names its failure, and how the mock
/// server reads that name back. One table, so the three always agree.
package enum TransportErrorName {
    /// The errors a stub may answer with: the ones a server or the network can cause.
    package static let stubbable: [URLError.Code] = [
        .timedOut, .notConnectedToInternet, .networkConnectionLost, .cannotConnectToHost, .cannotFindHost,
        .dnsLookupFailed, .secureConnectionFailed, .badServerResponse,
    ]

    private static let names: [URLError.Code: String] = [
        .timedOut: "timedOut", .notConnectedToInternet: "notConnectedToInternet",
        .networkConnectionLost: "networkConnectionLost", .cannotConnectToHost: "cannotConnectToHost",
        .cannotFindHost: "cannotFindHost", .dnsLookupFailed: "dnsLookupFailed",
        .secureConnectionFailed: "secureConnectionFailed", .badServerResponse: "badServerResponse",
        .cancelled: "cancelled", .dataNotAllowed: "dataNotAllowed",
    ]

    /// The name of `code`; `URLError(-1003)`-style for a code without one.
    package static func name(of code: URLError.Code) -> String {
        names[code] ?? "URLError(\(code.rawValue))"
    }

    /// The stubbable error called `name`, or `nil`.
    package static func stubbableCode(named name: String) -> URLError.Code? {
        stubbable.first { names[$0] == name }
    }

    /// The names of the stubbable errors, sorted, for messages.
    package static var stubbableNames: [String] {
        stubbable.compactMap { names[$0] }.sorted()
    }
}
