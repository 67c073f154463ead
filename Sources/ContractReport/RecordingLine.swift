import ContractJSON
import ContractVerify
import Foundation

/// Writes one recorded exchange as the JSON line `Recording.read` reads back (see `Recording.line`).
///
/// The line is written straight into bytes, member by member, in the order the reader documents:
/// `version`, `startedAt`, `duration`, `test`, `contract`, `options`, `request` (`method`, `url`,
/// `headers`, `text` or `body`), `failure` or `response` (`status`, `headers`, `text` or `body`),
/// `violations`. The fake backend writes one per exchange on the request path, so nothing is built
/// in between: no `JSONValue` tree, no copy of a body, no `String` for a date. Strings go through
/// `JSONWriter.writeString`, the one JSON escaper; the rare `options` and `violations` through
/// `JSONWriter.write`.
enum RecordingLine {
    /// Appends the line of `entry` and `violations` to `bytes`, without the newline.
    static func write(_ entry: TrafficEntry, violations: [ContractViolation], into bytes: inout [UInt8]) {
        // Room for the bodies with some escapes, the rest of a typical line, and the block `JSONWriter`
        // reserves while it escapes: one allocation, not a doubling per power of two the line passes.
        let bodies = (entry.exchange.request.body.bytes?.count ?? 0) + (entry.exchange.response.body.bytes?.count ?? 0)
        bytes.reserveCapacity(bytes.count + bodies + bodies / 4 + 2048)
        bytes += #"{"version":1"#.utf8
        if let startedAt = entry.startedAt {
            bytes += #","startedAt":""#.utf8
            UTCTimestamp.append(startedAt, to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        }
        if let duration = entry.duration {
            bytes += #","duration":"#.utf8
            bytes += JSONNumber(duration).jsonText.utf8
        }
        if let test = entry.test { member("test", test, into: &bytes) }
        if let contract = entry.contract { member("contract", contract, into: &bytes) }
        if let options = entry.options.flatMap(RecordedOptions.json) {
            bytes += #","options":"#.utf8
            JSONWriter.write(options, into: &bytes)
        }
        bytes += #","request":"#.utf8
        request(entry.exchange.request, into: &bytes)
        if let failure = entry.failure {
            member("failure", failure, into: &bytes)
        } else {
            bytes += #","response":{"status":"#.utf8
            bytes += String(entry.exchange.response.status).utf8
            headers(entry.exchange.response.headers, into: &bytes)
            body(entry.exchange.response.body, into: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        if !violations.isEmpty {
            bytes += #","violations":"#.utf8
            JSONWriter.write(.array(violations.map(\.jsonValue)), into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"name":"value"`.
    private static func member(_ name: String, _ value: String, into bytes: inout [UInt8]) {
        bytes += #",""#.utf8
        bytes += name.utf8
        bytes += #"":"#.utf8
        JSONWriter.writeString(value, into: &bytes)
    }

    /// `{"method":…,"url":…,"headers":[…],"text":…}`: the URL as the request was sent, scheme, host, port,
    /// path and query still percent-encoded.
    private static func request(_ request: HTTPRequest, into bytes: inout [UInt8]) {
        bytes += #"{"method":"#.utf8
        JSONWriter.writeString(request.method, into: &bytes)
        var url = ""
        if let scheme = request.scheme, let host = request.host {
            url = "\(scheme)://\(host)" + (request.port.map { ":\($0)" } ?? "")
        }
        url += request.path + (request.query.map { "?" + $0 } ?? "")
        bytes += #","url":"#.utf8
        JSONWriter.writeString(url, into: &bytes)
        headers(request.headers, into: &bytes)
        body(request.body, into: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `,"headers":[["name","value"],…]`, in the order they were sent, repeated names kept.
    private static func headers(_ headers: HTTPHeaders, into bytes: inout [UInt8]) {
        bytes += #","headers":["#.utf8
        for (offset, field) in headers.fields.enumerated() {
            if offset > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "["))
            JSONWriter.writeString(field.name, into: &bytes)
            bytes.append(UInt8(ascii: ","))
            JSONWriter.writeString(field.value, into: &bytes)
            bytes.append(UInt8(ascii: "]"))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// A body that is UTF-8 text (JSON, forms, most others) as `"text"`, readable in the file and cheaper to
    /// write than base64; other bytes as base64 in `"body"`, which is `null` when the body could not be read.
    private static func body(_ body: HTTPBody, into bytes: inout [UInt8]) {
        guard let content = body.bytes else {
            bytes += #","body":null"#.utf8
            return
        }
        if UTF8Validation.isValid(content) {
            bytes += #","text":"#.utf8
            JSONWriter.writeString(content, into: &bytes)
        } else {
            bytes += #","body":""#.utf8
            bytes += Data(content).base64EncodedString().utf8
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
