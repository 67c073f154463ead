import ContractJSON
import ContractSpec

/// Checks a response against its operation: status documented, headers, `Content-Type`, body.
struct ResponseChecker {
    let prepared: PreparedOperation
    let method: String

    func check(_ response: HTTPResponse, into recorder: inout ViolationRecorder) {
        let status = response.status
        guard let documented = prepared.response(for: status) else {
            let statuses = prepared.responses.map(\.response.status.description)
            recorder.add(
                .statusUndocumented, at: .response(status: status, .status), source: prepared.operation.location,
                expected: statuses.isEmpty
                    ? "a documented status" : "status " + Excerpt.list(statuses, conjunction: "or"),
                actual: String(status))
            return
        }
        for header in documented.headers { check(header, in: response, into: &recorder) }
        checkBody(response, documented, into: &recorder)
    }

    private func check(
        _ prepared: PreparedResponse.Header, in response: HTTPResponse, into recorder: inout ViolationRecorder
    ) {
        let header = prepared.header
        let location = ExchangeLocation.response(status: response.status, .header(header.name))
        guard let raw = response.headers[header.name] else {
            if header.required {
                recorder.add(
                    .responseHeaderMissing, at: location, source: header.location,
                    expected: "required header \(header.name)", actual: "none")
            }
            return
        }
        guard let schema = prepared.schema else { return }
        let decoder = StyleDecoder(
            name: header.name, style: "simple", explode: false, shape: prepared.shape, plusIsSpace: false,
            percentDecodes: false)
        let value: JSONValue
        do {
            value = try decoder.decode(raw[...]).coerced(by: prepared.shape)
        } catch {
            recorder.add(
                .responseHeaderSchema, at: location, source: header.location, expected: error.expected,
                actual: error.actual, hint: error.hint)
            return
        }
        let errors = schema.validate(value, context: .response)
        if !errors.isEmpty {
            recorder.add(.responseHeaderSchema, at: location, errors: errors, fallback: header.location)
        }
    }

    private func checkBody(
        _ response: HTTPResponse, _ documented: PreparedResponse, into recorder: inout ViolationRecorder
    ) {
        let status = response.status
        let content = documented.content
        let source = documented.response.location
        guard let bytes = response.body.bytes else {
            if !content.isEmpty {
                recorder.add(
                    .responseBodyUnavailable, at: .response(status: status, .body), source: source,
                    expected: "a readable body", actual: "a body the caller could not read", hint: "it was not checked",
                    severity: .warning)
            }
            return
        }
        if content.isEmpty {
            if !bytes.isEmpty {
                recorder.add(
                    .responseBodyUnexpected, at: .response(status: status, .body), source: source, expected: "no body",
                    actual: "\(bytes.count) bytes", hint: "response \(documented.response.status) documents no content")
            }
            return
        }
        let contentType = response.headers["Content-Type"]
        // HEAD, 204 and 304 carry no body whatever the contract says about content.
        let bodiless = method == "HEAD" || status == 204 || status == 304
        if bytes.isEmpty && (bodiless || contentType == nil) {
            if !bodiless && content.entries.contains(where: { $0.schema != nil }) {
                recorder.add(
                    .responseBodyMissing, at: .response(status: status, .body), source: source,
                    expected: "a body of type \(content.names)", actual: "none")
            }
            return
        }
        guard let contentType, let selection = content.select(contentType) else {
            recorder.add(
                .responseContentType, at: .response(status: status, .contentType), source: source,
                expected: "Content-Type \(content.names)", actual: contentType.map(Excerpt.quoted) ?? "no Content-Type")
            return
        }
        let actual = selection.type
        guard let entry = selection.entry else {
            recorder.add(
                .responseContentType, at: .response(status: status, .contentType), source: source,
                expected: "Content-Type \(content.names)", actual: actual.essence)
            return
        }
        BodyVerifier(side: .response(status)).verify(bytes, as: actual, entry: entry, into: &recorder)
    }
}
