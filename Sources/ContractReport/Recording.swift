import ContractJSON
import ContractVerify
import Foundation

/// Recordings of exchanges that the fake backend writes during `swift test`, and that
/// `contract-check verify` reads back: one JSON object per line, one file per test process.
///
/// Each line is written with a single `write(2)` on a file opened for appending, so a crash loses
/// at most the exchange in flight and processes never interleave partial lines (each has its own
/// file anyway). A torn last line is skipped when reading.
public enum Recording {
    /// The folder recordings go to: `CONTRACTCHECK_RECORDINGS`, else `.build/contract-check/recordings`.
    public static var defaultDirectory: URL {
        if let override = ProcessInfo.processInfo.environment["CONTRACTCHECK_RECORDINGS"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        return URL(fileURLWithPath: ".build/contract-check/recordings", isDirectory: true)
    }

    /// One recorded exchange as a JSON line (without the newline).
    public static func line(for exchange: HTTPExchange, startedAt: Date, duration: Double, test: String?) -> String {
        var object: JSONObject = [
            "version": 1, "startedAt": .string(HARDates.format(startedAt)), "duration": .number(JSONNumber(duration)),
            "request": request(exchange.request), "response": response(exchange.response),
        ]
        if let test { object["test"] = .string(test) }
        return JSONWriter.string(from: .object(object))
    }

    private static func request(_ request: HTTPRequest) -> JSONValue {
        var url = ""
        if let scheme = request.scheme, let host = request.host {
            url = "\(scheme)://\(host)" + (request.port.map { ":\($0)" } ?? "")
        }
        url += request.path + (request.query.map { "?" + $0 } ?? "")
        return [
            "method": .string(request.method), "url": .string(url), "headers": headers(request.headers),
            "body": body(request.body),
        ]
    }

    private static func response(_ response: HTTPResponse) -> JSONValue {
        [
            "status": .number(JSONNumber(response.status)), "headers": headers(response.headers),
            "body": body(response.body),
        ]
    }

    private static func headers(_ headers: HTTPHeaders) -> JSONValue {
        .array(headers.map { [.string($0.name), .string($0.value)] })
    }

    /// Bodies as base64, `null` when the body could not be read.
    private static func body(_ body: HTTPBody) -> JSONValue {
        guard let bytes = body.bytes else { return .null }
        return .string(Data(bytes).base64EncodedString())
    }

    /// Reads every complete line of a recording file; a torn or unreadable line is reported in `skipped`.
    public static func read(url: URL, path: String) throws(TrafficReadError) -> (
        records: [RecordedExchange], skipped: Int
    ) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: .unknown), message: "cannot read the recording")
        }
        var records: [RecordedExchange] = []
        var skipped = 0
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.isEmpty else { continue }
            guard let value = try? JSONParser.parse(line), let record = record(value, path: path, line: lineNumber)
            else {
                skipped += 1
                continue
            }
            records.append(record)
        }
        return (records, skipped)
    }

    private static func record(_ value: JSONValue, path: String, line: Int) -> RecordedExchange? {
        guard let request = value["request"], let response = value["response"],
            let method = request["method"]?.stringValue,
            let url = request["url"]?.stringValue, let status = response["status"]?.numberValue?.int64Value,
            let httpRequest = HTTPRequest(
                method: method, url: url, headers: headers(request["headers"]), body: body(request["body"]))
        else { return nil }
        let exchange = HTTPExchange(
            request: httpRequest,
            response: HTTPResponse(
                status: Int(status), headers: headers(response["headers"]), body: body(response["body"])))
        return RecordedExchange(
            exchange: exchange, source: SourceLocation(file: path, line: line, column: 1),
            startedAt: value["startedAt"]?.stringValue.flatMap(HARReader.date),
            duration: value["duration"]?.numberValue?.doubleValue,
            test: value["test"]?.stringValue)
    }

    private static func headers(_ value: JSONValue?) -> HTTPHeaders {
        guard case .array(let pairs)? = value else { return HTTPHeaders() }
        return HTTPHeaders(
            pairs.compactMap { pair in
                guard let name = pair[0]?.stringValue, let field = pair[1]?.stringValue else { return nil }
                return HTTPHeaders.Field(name: name, value: field)
            })
    }

    private static func body(_ value: JSONValue?) -> HTTPBody {
        guard let text = value?.stringValue else { return .unavailable }
        return Data(base64Encoded: text).map(HTTPBody.init) ?? .unavailable
    }
}

/// ISO 8601 with milliseconds, as HAR files write `startedDateTime`.
enum HARDates {
    static func format(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
