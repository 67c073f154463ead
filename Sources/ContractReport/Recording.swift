import ContractJSON
import ContractVerify
import Foundation

/// Recordings of exchanges that the fake backend writes during `swift test`, and that
/// `contract-check verify` reads back: one JSON object per line, one file per test process.
///
/// Lines are written whole, in batches of one `write(2)`, on a file opened for appending, so a crash
/// loses at most the lines still queued (see `RecordingWriter`) and processes never interleave partial
/// lines (each has its own file anyway). A torn last line is skipped when reading.
package enum Recording {
    /// What `CONTRACTCHECK_RECORDINGS` says.
    package enum EnvironmentSetting: Sendable, Hashable {
        /// `off` (or `0`, `false`, `no`): the fake backend records nothing.
        case off
        /// A folder for recordings.
        case directory(URL)
    }

    /// `CONTRACTCHECK_RECORDINGS` read from `environment`; `nil` when it is unset or empty.
    package static func environmentSetting(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> EnvironmentSetting? {
        guard let value = environment["CONTRACTCHECK_RECORDINGS"], !value.isEmpty else { return nil }
        if ["off", "0", "false", "no"].contains(value.lowercased()) { return .off }
        return .directory(URL(fileURLWithPath: value, isDirectory: true))
    }

    /// The folder `contract-check` reads recordings from: the one `CONTRACTCHECK_RECORDINGS` names, else
    /// `.build/contract-check/recordings`.
    package static var defaultDirectory: URL {
        if case .directory(let folder)? = environmentSetting() { return folder }
        return URL(fileURLWithPath: ".build/contract-check/recordings", isDirectory: true)
    }

    /// One recorded exchange as a JSON line (without the newline): the exchange, when and how long, the
    /// test, the contract and the options it was checked with (those that differ from the defaults), and
    /// the violations the backend found then. `contract-check verify` verifies the exchange again against
    /// the contract as it is now, with those options; the recorded violations say what the test run saw.
    package static func line(for entry: TrafficEntry, violations: [ContractViolation] = []) -> String {
        var bytes: [UInt8] = []
        RecordingLine.write(entry, violations: violations, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads every line of a recording file. A torn last line (a process that stopped while writing it)
    /// is skipped and counted in `skipped`; a line anywhere else that is not a recorded exchange means the
    /// file is not a recording, or was damaged, and is an error naming that line.
    package static func read(url: URL, path: String) throws(TrafficReadError) -> (
        records: [TrafficEntry], skipped: Int
    ) {
        var records: [TrafficEntry] = []
        let skipped = try read(url: url, path: path) { records.append($0) }
        return (records, skipped)
    }

    /// Reads a recording file a chunk at a time and hands each exchange to `body` as soon as its line is
    /// read, so a file of any size is read in the memory of one line; returns how many torn lines were
    /// skipped (a torn last line is; see `read(url:path:)`). Writers in this process write what they have
    /// queued first.
    package static func read(url: URL, path: String, each body: (TrafficEntry) -> Void) throws(TrafficReadError)
        -> Int
    {
        // A recording this process writes holds every exchange appended before the read.
        LiveRecordingWriters.flushAll()
        guard let chunks = FileChunks(url: url) else {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: .unknown), message: "cannot read the recording")
        }
        defer { chunks.close() }
        var lines = RecordingLines(chunks)
        // A line that is not an exchange is an error only once a later line shows it was not the last.
        var unreadable: Int?
        while let next = try nextLine(&lines, path: path) {
            if let pending = unreadable { throw notAnExchange(path, line: pending) }
            if let value = try? JSONParser.parse(next.line), let record = record(value, path: path, line: next.number) {
                body(record)
            } else {
                unreadable = next.number
            }
        }
        return unreadable == nil ? 0 : 1
    }

    private static func nextLine(_ lines: inout RecordingLines, path: String) throws(TrafficReadError) -> (
        line: ArraySlice<UInt8>, number: Int
    )? {
        do {
            // Empty lines are passed over here, so that the loop stops only at the end of the file.
            while let next = try lines.next() {
                if !next.line.isEmpty { return next }
            }
            return nil
        } catch {
            throw TrafficReadError(
                location: SourceLocation(file: path, position: .unknown),
                message: "cannot read the recording: \(error.localizedDescription)")
        }
    }

    private static func notAnExchange(_ path: String, line: Int) -> TrafficReadError {
        TrafficReadError(
            location: SourceLocation(file: path, line: line, column: 1),
            message: "not a recorded exchange (the recording is damaged, or not a recording)")
    }

    private static func record(_ value: JSONValue, path: String, line: Int) -> TrafficEntry? {
        guard let request = value["request"], let method = request["method"]?.stringValue,
            let url = request["url"]?.stringValue,
            let httpRequest = HTTPRequest(
                method: method, url: url, headers: headers(request["headers"]), body: body(of: request))
        else { return nil }
        let failure = value["failure"]?.stringValue
        let httpResponse: HTTPResponse
        if let response = value["response"], let status = response["status"]?.numberValue?.int64Value {
            httpResponse = HTTPResponse(
                status: Int(status), headers: headers(response["headers"]), body: body(of: response))
        } else if failure != nil {
            // No response reached the client: status 0, as HAR writes failed requests.
            httpResponse = HTTPResponse(status: 0)
        } else {
            return nil
        }
        return TrafficEntry(
            exchange: HTTPExchange(request: httpRequest, response: httpResponse),
            source: SourceLocation(file: path, line: line, column: 1),
            startedAt: value["startedAt"]?.stringValue.flatMap(HARReader.date),
            duration: value["duration"]?.numberValue?.doubleValue,
            test: value["test"]?.stringValue, contract: value["contract"]?.stringValue,
            options: RecordedOptions.options(from: value["options"]),
            failure: failure)
    }

    private static func headers(_ value: JSONValue?) -> HTTPHeaders {
        guard case .array(let pairs)? = value else { return HTTPHeaders() }
        return HTTPHeaders(
            pairs.compactMap { pair in
                guard let name = pair[0]?.stringValue, let field = pair[1]?.stringValue else { return nil }
                return HTTPHeaders.Field(name: name, value: field)
            })
    }

    /// The body of a recorded request or response: `"text"`, else base64 `"body"`.
    private static func body(of part: JSONValue) -> HTTPBody {
        if let text = part["text"]?.stringValue { return HTTPBody(Data(text.utf8)) }
        guard let base64 = part["body"]?.stringValue else { return .unavailable }
        return Data(base64Encoded: base64).map(HTTPBody.init) ?? .unavailable
    }
}
