import ContractVerify
import Foundation

/// The verifiers of recordings: each recording is verified with the options its test used, made once per
/// contract and set of options. What the check's own options add stays: its base URLs (a `--server`),
/// strict mode, secret names and redaction, which a recording cannot turn off (what is printed or
/// written is redacted whatever the test chose).
///
/// A test's own base URL is usually a server on a random localhost port, a different one in every test:
/// made per base URL, verifiers would grow with the number of tests. So the recorded base URL the request
/// was sent to is verified under one stand-in origin, and recorded base URLs on other origins (which
/// cannot match the request) are left out; routing and every verdict are the same. Only a request that
/// then matches no server is verified again with its options exactly as recorded, since that message
/// lists the servers and the URL.
struct VerifierVariants {
    /// The origin a recorded base URL and the requests sent to it are verified under.
    private static let standInOrigin = (scheme: "http", host: "recorded-base-url.invalid")
    /// At most this many verifiers made with a recording's exact options are kept (requests that match no
    /// server are rare), so that memory stays bounded when every one of them has another port.
    private static let exactLimit = 8

    /// Where a request was sent: a recorded base URL moves to the stand-in origin only for its own origin.
    private struct Origin: Equatable {
        var scheme: String?
        var host: String?
        var port: Int?

        init(_ request: HTTPRequest) {
            (scheme, host, port) = (request.scheme, request.host, request.port)
        }
    }

    /// The verifier of the last recording's options, with whether its requests move to the stand-in
    /// origin: a test's exchanges follow one another with the same options and origin, and working them
    /// out again (merging options, parsing each base URL, naming the verifier) cost more than verifying
    /// a small exchange.
    private struct StandIn {
        var recorded: VerifierOptions
        var origin: Origin
        var contract: Int
        var verifier: ContractVerifier
        var movesRequest: Bool
    }

    private let contracts: [TrafficCheck.Contract]
    private var made: [String: ContractVerifier] = [:]
    private var exact: [String: ContractVerifier] = [:]
    private var last: StandIn?

    init(contracts: [TrafficCheck.Contract]) {
        self.contracts = contracts
    }

    /// How many verifiers are kept besides the contracts' own.
    var count: Int { made.count + exact.count }

    /// The exchange's verdict against contract `index`. A recording's response to a request that breaks the
    /// contract is the fake backend's own answer to it (the documented 400 or 422, or its problem+json), not
    /// the system under test, and the backend does not verify it: so neither does this, and an invalid
    /// request stays one violation, as the test saw it.
    ///
    /// `route` is the route the contract's own verifier found for the request, when it was asked already;
    /// a recording verified with its own options is routed by the verifier of those options instead.
    mutating func verdict(of record: TrafficEntry, contract index: Int, routed route: RouteResult?) -> ExchangeVerdict {
        var verdict: ExchangeVerdict
        let verifier = contracts[index].verifier
        if let recorded = record.options {
            verdict = recordedVerdict(record, recorded, contract: index)
        } else if let route {
            verdict = verifier.verify(exchange: record.exchange, routed: route)
        } else {
            verdict = verifier.verify(exchange: record.exchange)
        }
        if record.isRecording, !verdict.request.isValid { verdict.responseViolations = [] }
        return verdict
    }

    private mutating func recordedVerdict(_ record: TrafficEntry, _ recorded: VerifierOptions, contract index: Int)
        -> ExchangeVerdict
    {
        var exchange = record.exchange
        let verdict = standInVerifier(recorded, contract: index, request: &exchange.request).verify(exchange: exchange)
        guard verdict.request.violations.contains(where: { $0.kind == .serverNotFound }) else { return verdict }
        if exact.count >= Self.exactLimit { exact = [:] }
        let options = Self.merged(recorded, contracts[index].verifier.options)
        return verifier(options, index: index, in: &exact).verify(exchange: record.exchange)
    }

    /// The verifier of a recording's options under the stand-in origin, with the request moved there when
    /// a recorded base URL on its origin moved.
    private mutating func standInVerifier(_ recorded: VerifierOptions, contract index: Int, request: inout HTTPRequest)
        -> ContractVerifier
    {
        let origin = Origin(request)
        if let last, last.contract == index, last.origin == origin, last.recorded == recorded {
            if last.movesRequest { Self.moveToStandIn(&request) }
            return last.verifier
        }
        let base = contracts[index].verifier
        let (options, movesRequest) = Self.standIn(Self.merged(recorded, base.options), base: base.options, request)
        if movesRequest { Self.moveToStandIn(&request) }
        let verifier = verifier(options, index: index, in: &made)
        last = StandIn(
            recorded: recorded, origin: origin, contract: index, verifier: verifier, movesRequest: movesRequest)
        return verifier
    }

    private func verifier(_ options: VerifierOptions, index: Int, in cache: inout [String: ContractVerifier])
        -> ContractVerifier
    {
        let base = contracts[index].verifier
        let text = RecordedOptions.key(options)
        if text == RecordedOptions.key(base.options) { return base }
        let key = "\(index) " + text
        if let verifier = cache[key] { return verifier }
        let verifier = ContractVerifier(document: base.document, options: options)
        cache[key] = verifier
        return verifier
    }

    /// The recorded options with what the check's own options add.
    private static func merged(_ recorded: VerifierOptions, _ own: VerifierOptions) -> VerifierOptions {
        var options = recorded
        options.baseURLs += own.baseURLs.filter { !options.baseURLs.contains($0) }
        options.strict = options.strict || own.strict
        options.secretNames.formUnion(own.secretNames)
        options.redactsSecrets = options.redactsSecrets || own.redactsSecrets
        return options
    }

    /// `options` with each recorded base URL on the request's origin moved to the stand-in origin, and
    /// those on another origin left out (the check's own base URLs stay); and whether one moved, so that
    /// the request moves with it.
    private static func standIn(_ options: VerifierOptions, base: VerifierOptions, _ request: HTTPRequest)
        -> (options: VerifierOptions, movesRequest: Bool)
    {
        // A request without a host may match a base URL on any origin: it is verified as recorded.
        guard request.host != nil else { return (options, false) }
        var standIn = options
        var movesRequest = false
        standIn.baseURLs = options.baseURLs.compactMap { url in
            guard !base.baseURLs.contains(url), let components = URLComponents(string: url),
                let host = components.percentEncodedHost, !host.isEmpty
            else { return url }
            guard components.scheme?.lowercased() == request.scheme, host.lowercased() == request.host,
                components.port == request.port
            else { return nil }
            movesRequest = true
            var moved = components
            moved.scheme = standInOrigin.scheme
            moved.host = standInOrigin.host
            moved.port = nil
            return moved.string ?? url
        }
        return (standIn, movesRequest)
    }

    private static func moveToStandIn(_ request: inout HTTPRequest) {
        request.scheme = standInOrigin.scheme
        request.host = standInOrigin.host
        request.port = nil
    }
}
