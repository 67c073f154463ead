import ContractJSON
import ContractSpec
import ContractVerify
import Foundation

/// Reads HAR 1.2 files as browsers, Proxyman, Charles and mattt/Replay export them.
///
/// Bodies may be plain or base64 text; form requests may carry `postData.params` instead of text
/// (they are encoded again, as form-urlencoded or multipart per `postData.mimeType`); a response
/// whose content was not captured (`size` > 0 but no `text`) is `.unavailable`, never "empty".
/// HTTP/2 pseudo-headers (`:authority`) are dropped; a `Cookie` header is rebuilt from `cookies`
/// when the exporter left it out.
package enum HARReader {
    /// Reads every entry of the HAR file at `url`; `path` is how messages name it.
    package static func read(url: URL, path: String) throws(TrafficReadError) -> [TrafficEntry] {
        var exchanges: [TrafficEntry] = []
        try read(url: url, path: path) { exchanges.append($0) }
        return exchanges
    }

    /// Reads the HAR file at `url` a chunk at a time and hands each entry to `body` as soon as it is
    /// read, so a file of any size is read in the memory of its largest entry.
    package static func read(url: URL, path: String, each body: (TrafficEntry) -> Void) throws(TrafficReadError) {
        guard let chunks = FileChunks(url: url) else {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: .unknown),
                message: "cannot read the file; check the path and that it is a file")
        }
        defer { chunks.close() }
        var scanner = HAREntryScanner(chunks)
        var index = 0
        while let entry = try next(&scanner, path: path) {
            let location = SourceLocation(file: path, position: entry.position)
            let value: JSONValue
            do {
                value = try JSONParser.parse(entry.bytes)
            } catch {
                throw TrafficReadError(
                    location: SourceLocation(file: path, position: Self.position(of: error, in: entry)),
                    message: "invalid JSON: \(error.message)")
            }
            guard let exchange = exchange(value) else {
                throw TrafficReadError(
                    location: location, message: "entry \(index) has no usable request method, URL or response status")
            }
            body(
                TrafficEntry(
                    exchange: exchange, source: location,
                    startedAt: value["startedDateTime"]?.stringValue.flatMap(Self.date),
                    duration: value["time"]?.numberValue.map { $0.doubleValue / 1000 }))
            index += 1
        }
        guard scanner.foundEntries else {
            throw TrafficReadError(
                location: SourceLocation(file: path, line: 1, column: 1),
                message: "not a HAR file: no log.entries array")
        }
    }

    private static func next(_ scanner: inout HAREntryScanner, path: String) throws(TrafficReadError)
        -> HAREntryScanner.Entry?
    {
        do {
            return try scanner.next()
        } catch let error as JSONParseError {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: error.position),
                message: "invalid JSON: \(error.message)")
        } catch {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: .unknown),
                message: "cannot read the file: \(error.localizedDescription)")
        }
    }

    /// Where in the file an error in an entry's text is: its position counts from the entry's start.
    private static func position(of error: JSONParseError, in entry: HAREntryScanner.Entry) -> SourcePosition {
        let line = Int(entry.position.line) + Int(error.position.line) - 1
        let column = Int(error.position.column) + (error.position.line == 1 ? Int(entry.position.column) - 1 : 0)
        return SourcePosition(line: line, column: column)
    }

    static func exchange(_ entry: JSONValue) -> HTTPExchange? {
        guard let request = entry["request"], let response = entry["response"],
            let method = request["method"]?.stringValue, let url = request["url"]?.stringValue,
            let status = response["status"]?.numberValue?.int64Value
        else { return nil }
        var requestHeaders = headers(request)
        if !requestHeaders.contains("Cookie"), case .array(let cookies)? = request["cookies"], !cookies.isEmpty {
            let pairs = cookies.compactMap { cookie -> String? in
                guard let name = cookie["name"]?.stringValue else { return nil }
                return name + "=" + (cookie["value"]?.stringValue ?? "")
            }
            requestHeaders.add("Cookie", pairs.joined(separator: "; "))
        }
        let body = requestBody(request["postData"], headers: &requestHeaders)
        guard let httpRequest = HTTPRequest(method: method, url: url, headers: requestHeaders, body: body) else {
            return nil
        }
        return HTTPExchange(
            request: httpRequest,
            response: HTTPResponse(status: Int(status), headers: headers(response), body: content(response["content"])))
    }

    private static func headers(_ message: JSONValue) -> HTTPHeaders {
        guard case .array(let list) = message["headers"] else { return HTTPHeaders() }
        return HTTPHeaders(
            list.compactMap { field in
                guard let name = field["name"]?.stringValue, !name.hasPrefix(":") else { return nil }
                return HTTPHeaders.Field(name: name, value: field["value"]?.stringValue ?? "")
            })
    }

    private static func requestBody(_ postData: JSONValue?, headers: inout HTTPHeaders) -> HTTPBody {
        guard let postData else { return .empty }
        if let text = postData["text"]?.stringValue {
            if postData["encoding"]?.stringValue == "base64" {
                return Data(base64Encoded: text).map(HTTPBody.init) ?? .unavailable
            }
            return HTTPBody(text: text)
        }
        guard case .array(let params) = postData["params"] else { return .empty }
        let mimeType =
            postData["mimeType"]?.stringValue ?? headers["Content-Type"] ?? "application/x-www-form-urlencoded"
        if mimeType.lowercased().hasPrefix("multipart/form-data") {
            let boundary = MultipartBoundary.of(mimeType) ?? "contractcheck-har-boundary"
            if headers["Content-Type"] == nil {
                headers.set("Content-Type", "multipart/form-data; boundary=\(boundary)")
            }
            return HTTPBody(Data(MultipartBoundary.encode(params, boundary: boundary).utf8))
        }
        if headers["Content-Type"] == nil { headers.set("Content-Type", mimeType) }
        let pairs = params.map { param in
            FormEncoding.encode(param["name"]?.stringValue ?? "") + "="
                + FormEncoding.encode(param["value"]?.stringValue ?? "")
        }
        return HTTPBody(text: pairs.joined(separator: "&"))
    }

    private static func content(_ content: JSONValue?) -> HTTPBody {
        guard let content else { return .empty }
        guard let text = content["text"]?.stringValue else {
            let size = content["size"]?.numberValue?.int64Value ?? 0
            return size > 0 ? .unavailable : .empty
        }
        if content["encoding"]?.stringValue == "base64" {
            return Data(base64Encoded: text, options: .ignoreUnknownCharacters).map(HTTPBody.init) ?? .unavailable
        }
        return HTTPBody(text: text)
    }

    static func date(_ text: String) -> Date? {
        if let date = UTCTimestamp.parse(text) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }
}

/// `application/x-www-form-urlencoded` encoding of one name or value (spaces as `+`).
enum FormEncoding {
    static func encode(_ text: String) -> String {
        PercentEncoding.encodeComponent(text).replacingOccurrences(of: "%20", with: "+")
    }
}

/// Multipart bodies rebuilt from HAR `params` (name, value, fileName, contentType).
enum MultipartBoundary {
    static func of(_ mimeType: String) -> String? {
        for parameter in mimeType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    static func encode(_ params: [JSONValue], boundary: String) -> String {
        var body = ""
        for param in params {
            body += "--\(boundary)\r\n"
            var disposition = "Content-Disposition: form-data; name=\"\(param["name"]?.stringValue ?? "")\""
            if let fileName = param["fileName"]?.stringValue { disposition += "; filename=\"\(fileName)\"" }
            body += disposition + "\r\n"
            if let contentType = param["contentType"]?.stringValue { body += "Content-Type: \(contentType)\r\n" }
            body += "\r\n" + (param["value"]?.stringValue ?? "") + "\r\n"
        }
        return body + "--\(boundary)--\r\n"
    }
}
