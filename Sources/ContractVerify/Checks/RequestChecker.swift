import ContractJSON
import ContractSpec

/// Checks a routed request against its operation: parameters, strict-mode extras, security, body, `Accept`.
struct RequestChecker {
    let prepared: PreparedOperation
    /// `VerifierOptions.strict`.
    let strict: Bool
    /// `VerifierOptions.checksAccept`.
    let checksAccept: Bool

    func check(_ request: HTTPRequest, match: RouteMatch, into recorder: inout ViolationRecorder) {
        let query = QueryItems(request.query)
        let cookies = prepared.usesCookies ? CookieJar(request.headers) : CookieJar()
        // An operation without parameters sets up no decoder (which copied the headers, query and path values).
        if !prepared.parameters.isEmpty {
            let parameters = ParameterVerifier(
                query: query, rawQuery: request.query, headers: request.headers, cookies: cookies,
                pathValues: match.rawPathParameters, namedQueryParameters: prepared.namedQueryParameters)
            parameters.verify(prepared.parameters, into: &recorder)
        }
        if strict { checkStrict(query, into: &recorder) }
        prepared.security.verify(request, query: query, cookies: cookies, into: &recorder)
        checkBody(request, into: &recorder)
        if checksAccept { checkAccept(request, into: &recorder) }
    }

    private func checkStrict(_ query: QueryItems, into recorder: inout ViolationRecorder) {
        // A 3.2 `querystring` parameter owns the whole query string.
        if prepared.parameters.contains(where: { $0.parameter.location == .querystring }) { return }
        var reported = Set<String>()
        for item in query.items {
            let known =
                prepared.knownQueryNames.contains(item.name)
                || prepared.deepObjectPrefixes.contains { item.name.hasPrefix($0) }
            if !known {
                if reported.insert(item.name).inserted {
                    recorder.add(
                        .parameterUnknown, at: .request(.query(item.name)), source: prepared.operation.location,
                        expected: "only documented query parameters", actual: Excerpt.quoted(item.name))
                }
                continue
            }
            let declared = prepared.parameters.first { $0.parameter.location == .query && $0.name == item.name }
            guard let declared, !declared.parameter.allowReserved else { continue }
            if let reserved = item.rawValue.first(where: { Self.reserved.contains($0) }) {
                recorder.add(
                    .parameterReserved, at: .request(.query(item.name)), source: declared.parameter.sourceLocation,
                    expected: "reserved characters percent-encoded (allowReserved is false)",
                    actual: "unencoded '\(reserved)'")
            }
        }
    }

    /// Reserved characters (RFC 3986) that are not the query's own delimiters or a style's separators.
    private static let reserved: Set<Character> = [
        ":", "/", "?", "[", "]", "@", "!", "$", "'", "(", ")", "*", ";", "=",
    ]

    private func checkBody(_ request: HTTPRequest, into recorder: inout ViolationRecorder) {
        // Where a body problem is reported, worked out only for a problem (most bodies have none).
        var source: SourceLocation { prepared.requestBody?.location ?? prepared.operation.location }
        guard let bytes = request.body.bytes else {
            if prepared.requestBody != nil {
                recorder.add(
                    .bodyUnavailable, at: .request(.body), source: source, expected: "a readable body",
                    actual: "a body the caller could not read", hint: "it was not checked", severity: .warning)
            }
            return
        }
        guard let requestBody = prepared.requestBody else {
            if !bytes.isEmpty {
                recorder.add(
                    .bodyUnexpected, at: .request(.body), source: source, expected: "no body",
                    actual: "\(bytes.count) bytes", hint: "the operation documents no requestBody")
            }
            return
        }
        guard !bytes.isEmpty else {
            if requestBody.required {
                recorder.add(
                    .bodyMissing, at: .request(.body), source: source,
                    expected: "a body of type \(prepared.requestContent.names)",
                    actual: "none")
            }
            return
        }
        let contentType = request.headers["Content-Type"]
        guard let contentType, let selection = prepared.requestContent.select(contentType) else {
            recorder.add(
                .bodyMediaType, at: .request(.header("Content-Type")), source: source,
                expected: "Content-Type \(prepared.requestContent.names)",
                actual: contentType.map(Excerpt.quoted) ?? "no Content-Type")
            return
        }
        let actual = selection.type
        guard let entry = selection.entry else {
            recorder.add(
                .bodyMediaType, at: .request(.header("Content-Type")), source: source,
                expected: "Content-Type \(prepared.requestContent.names)", actual: actual.essence,
                hint: "a server would answer 415")
            return
        }
        BodyVerifier(side: .request).verify(bytes, as: actual, entry: entry, into: &recorder)
    }

    private func checkAccept(_ request: HTTPRequest, into recorder: inout ViolationRecorder) {
        guard let accept = request.headers["Accept"], !prepared.offeredMediaTypes.isEmpty else { return }
        let header = AcceptHeader(accept)
        guard !prepared.offeredMediaTypes.contains(where: header.accepts) else { return }
        let offered = prepared.offeredMediaTypes.map(\.essence)
        recorder.add(
            .accept, at: .request(.header("Accept")), source: prepared.operation.location,
            expected: "an Accept that allows \(Excerpt.list(offered, conjunction: "or"))",
            actual: Excerpt.quoted(accept),
            hint: "a server would answer 406")
    }
}
